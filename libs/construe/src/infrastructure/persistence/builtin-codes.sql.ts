/**
 * What text search reads besides a builtin code's title, computed for every vocabulary
 * of $1 (an array) at once into temporary tables dropped at commit, each analyzed: with
 * statistics the planner joins them to the codes by hash (without, its 200-row guess for a
 * grouped result chose nested loops that ran for minutes on a million rows).
 * - builtin_own: each vocabulary's valid concepts, one per code (the lowest concept id).
 * - builtin_synonyms: a code's synonym rows, and the names and synonyms of the valid
 *   concepts it maps to or is mapped from, less those equal to its title.
 * - builtin_context: the names of its valid parent concepts and, for ICD-10-CM, whose
 *   hierarchy is in its codes, the titles of the codes that prefix it.
 */
export const PREPARE_BUILTIN_CODES_SQL: readonly string[] = [
  `CREATE TEMPORARY TABLE builtin_own (
     vocabulary_id text NOT NULL, concept_code text NOT NULL, concept_id integer NOT NULL,
     concept_name text NOT NULL, code_key text NOT NULL
   ) ON COMMIT DROP`,
  `INSERT INTO builtin_own
   SELECT DISTINCT ON (vocabulary_id, concept_code) vocabulary_id, concept_code, concept_id, concept_name,
          upper(replace(replace(concept_code, '.', ''), ' ', ''))
   FROM vocab.concept
   WHERE vocabulary_id = ANY($1) AND invalid_reason IS NULL ORDER BY vocabulary_id, concept_code, concept_id`,
  'ANALYZE builtin_own',
  `CREATE TEMPORARY TABLE builtin_linked ON COMMIT DROP AS
   SELECT r.concept_id_1 AS concept_id, other.concept_id AS other_id, other.concept_name
   FROM builtin_own own JOIN vocab.concept_relationship r ON r.concept_id_1 = own.concept_id
   JOIN vocab.concept other ON other.concept_id = r.concept_id_2 AND other.invalid_reason IS NULL
   WHERE r.relationship_id IN ('Maps to', 'Mapped from') AND r.invalid_reason IS NULL
     AND r.concept_id_2 <> r.concept_id_1`,
  'ANALYZE builtin_linked',
  `CREATE TEMPORARY TABLE builtin_synonyms ON COMMIT DROP AS
   SELECT own.concept_id, array_agg(DISTINCT n.name) AS names
   FROM builtin_own own JOIN (
     SELECT s.concept_id, s.concept_synonym_name AS name FROM builtin_own own
     JOIN vocab.concept_synonym s ON s.concept_id = own.concept_id
     UNION SELECT concept_id, concept_name FROM builtin_linked
     UNION SELECT linked.concept_id, cs.concept_synonym_name FROM builtin_linked linked
     JOIN vocab.concept_synonym cs ON cs.concept_id = linked.other_id
   ) AS n ON n.concept_id = own.concept_id
   WHERE lower(n.name) <> lower(own.concept_name)
   GROUP BY own.concept_id`,
  'ANALYZE builtin_synonyms',
  `CREATE TEMPORARY TABLE builtin_context ON COMMIT DROP AS
   SELECT p.concept_id, array_agg(DISTINCT p.name) AS names FROM (
     SELECT own.concept_id, parent.concept_name AS name FROM builtin_own own
     JOIN vocab.concept_relationship r ON r.concept_id_1 = own.concept_id AND r.relationship_id = 'Is a' AND r.invalid_reason IS NULL
     JOIN vocab.concept parent ON parent.concept_id = r.concept_id_2 AND parent.invalid_reason IS NULL
     UNION
     SELECT own.concept_id, parent.concept_name FROM builtin_own own
     CROSS JOIN LATERAL generate_series(3, length(own.code_key) - 1) AS prefix(length)
     JOIN builtin_own AS parent ON parent.vocabulary_id = own.vocabulary_id
       AND parent.code_key = left(own.code_key, prefix.length)
     WHERE own.vocabulary_id = 'ICD10CM'
   ) AS p GROUP BY p.concept_id`,
  'ANALYZE builtin_context',
];

/**
 * Writes a builtin system's codes ($1: the system's id, $2: its vocabulary, prepared by
 * PREPARE_BUILTIN_CODES_SQL in the same transaction) and returns how many (`inserted`).
 * System order: the codes byte-wise (ICD-10-CM's own order). Synonyms and context come in
 * the same statement (an UPDATE pass per field afterwards rewrote every row).
 */
export const WRITE_BUILTIN_CODES_SQL = `WITH written AS (
           INSERT INTO construe_code (system_id, seq, code, code_key, description, synonyms, context)
           SELECT $1, row_number() OVER (ORDER BY own.concept_code COLLATE "C", own.concept_id), own.concept_code,
                  own.code_key, own.concept_name, synonyms.names, context.names
           FROM builtin_own own LEFT JOIN builtin_synonyms synonyms USING (concept_id)
           LEFT JOIN builtin_context context USING (concept_id)
           WHERE own.vocabulary_id = $2
           RETURNING 1
         )
         SELECT count(*) AS inserted FROM written`;
