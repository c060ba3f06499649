/**
 * Where a build reads a code's related concepts: straight from `vocab.concept_relationship`
 * (one system at a time), or from a table of the builtin vocabularies' relationships
 * filtered once for every system (`BUILTIN_LINKS_SQL`).
 */
interface Relations {
  /** `concept_id, other_id, concept_name` of the valid concepts an own concept maps to or is mapped from. */
  linked: string;
  /** `concept_id, name` of an own concept's valid parent concepts. */
  parents: string;
}

const FROM_RELATIONSHIPS: Relations = {
  linked: `SELECT r.concept_id_1 AS concept_id, other.concept_id AS other_id, other.concept_name
           FROM own JOIN vocab.concept_relationship r ON r.concept_id_1 = own.concept_id
           JOIN vocab.concept other ON other.concept_id = r.concept_id_2 AND other.invalid_reason IS NULL
           WHERE r.relationship_id IN ('Maps to', 'Mapped from') AND r.invalid_reason IS NULL
             AND r.concept_id_2 <> r.concept_id_1`,
  parents: `SELECT own.concept_id, parent.concept_name AS name FROM own
             JOIN vocab.concept_relationship r ON r.concept_id_1 = own.concept_id AND r.relationship_id = 'Is a' AND r.invalid_reason IS NULL
             JOIN vocab.concept parent ON parent.concept_id = r.concept_id_2 AND parent.invalid_reason IS NULL`,
};

const fromLinks = (links: string): Relations => ({
  linked: `SELECT l.concept_id, l.other_id, l.other_name AS concept_name
           FROM own JOIN ${links} l ON l.concept_id = own.concept_id
           WHERE l.vocabulary_id = $2 AND NOT l.parent`,
  parents: `SELECT own.concept_id, l.other_name AS name
             FROM own JOIN ${links} l ON l.concept_id = own.concept_id
             WHERE l.vocabulary_id = $2 AND l.parent`,
});

/**
 * The relationships every builtin build reads, filtered once ($1: the vocabularies):
 * from a valid concept of one of them (`vocabulary_id`, `concept_id`) to a valid concept
 * (`other_id`, `other_name`) that it maps to or is mapped from (`parent` false; not
 * itself) or that is its parent ('Is a', `parent` true). Written into `table`, made by
 * `createBuiltinLinksSql`.
 */
export const builtinLinksSql = (table: string): string =>
  `INSERT INTO ${table} (vocabulary_id, concept_id, parent, other_id, other_name)
   SELECT c.vocabulary_id, r.concept_id_1, r.relationship_id = 'Is a', other.concept_id, other.concept_name
   FROM vocab.concept_relationship r
   JOIN vocab.concept c ON c.concept_id = r.concept_id_1 AND c.invalid_reason IS NULL AND c.vocabulary_id = ANY($1)
   JOIN vocab.concept other ON other.concept_id = r.concept_id_2 AND other.invalid_reason IS NULL
   WHERE r.invalid_reason IS NULL
     AND (r.relationship_id = 'Is a'
          OR (r.relationship_id IN ('Maps to', 'Mapped from') AND r.concept_id_2 <> r.concept_id_1))`;

export const createBuiltinLinksSql = (table: string): string =>
  `CREATE UNLOGGED TABLE ${table} (vocabulary_id text NOT NULL, concept_id integer NOT NULL,
     parent boolean NOT NULL, other_id integer NOT NULL, other_name text NOT NULL)
   WITH (autovacuum_enabled = false)`;

/**
 * A builtin system's codes, computed from the valid concepts of the vocabulary `$2`, as
 * `seq, code, code_key, description, synonyms, context` (the CTEs `own`, `synonyms` and
 * `context`, then `CODE_ROWS`). System order: the codes byte-wise (ICD-10-CM's own order). Each code
 * comes with what text search reads besides its title, in the same statement (an UPDATE
 * pass per field afterwards rewrote every row): its synonyms (its synonym rows; the names
 * and synonyms of the valid concepts it maps to or is mapped from) and its context (the
 * names of its valid parent concepts and, for ICD-10-CM, whose hierarchy is in its codes,
 * the titles of the codes that prefix it).
 */
function builtinCodesSql(relations: Relations): string {
  return `WITH own AS (
           SELECT DISTINCT ON (concept_code) concept_code, concept_id, concept_name,
                  upper(replace(replace(concept_code, '.', ''), ' ', '')) AS code_key
           FROM vocab.concept
           WHERE vocabulary_id = $2 AND invalid_reason IS NULL ORDER BY concept_code, concept_id
         ), linked AS (
           ${relations.linked}
         ), synonyms AS (
           SELECT own.concept_id, array_agg(DISTINCT n.name) AS names
           FROM own JOIN (
             SELECT s.concept_id, s.concept_synonym_name AS name FROM own
             JOIN vocab.concept_synonym s ON s.concept_id = own.concept_id
             UNION SELECT concept_id, concept_name FROM linked
             UNION SELECT linked.concept_id, cs.concept_synonym_name FROM linked
             JOIN vocab.concept_synonym cs ON cs.concept_id = linked.other_id
           ) AS n ON n.concept_id = own.concept_id
           WHERE lower(n.name) <> lower(own.concept_name)
           GROUP BY own.concept_id
         ), context AS (
           SELECT p.concept_id, array_agg(DISTINCT p.name) AS names FROM (
             ${relations.parents}
             UNION
             SELECT own.concept_id, parent.concept_name FROM own
             CROSS JOIN LATERAL generate_series(3, length(own.code_key) - 1) AS prefix(length)
             JOIN own AS parent ON parent.code_key = left(own.code_key, prefix.length)
             WHERE $2 = 'ICD10CM'
           ) AS p GROUP BY p.concept_id
         )`;
}

const CODE_ROWS = `SELECT row_number() OVER (ORDER BY own.concept_code COLLATE "C", own.concept_id) AS seq,
                  own.concept_code AS code, own.code_key, own.concept_name AS description,
                  synonyms.names AS synonyms, context.names AS context
           FROM own LEFT JOIN synonyms USING (concept_id) LEFT JOIN context USING (concept_id)`;

/**
 * Writes a builtin system's codes into `table` (`construe_code` or a table shaped like it;
 * $1: the system's id, $2: its vocabulary) and returns how many (`inserted`). `links`: a
 * table written by `builtinLinksSql` to read the relationships from.
 */
export const writeBuiltinCodesSql = (table: string, links?: string): string =>
  `${builtinCodesSql(links ? fromLinks(links) : FROM_RELATIONSHIPS)}, written AS (
           INSERT INTO ${table} (system_id, seq, code, code_key, description, synonyms, context)
           SELECT $1, codes.seq, codes.code, codes.code_key, codes.description, codes.synonyms, codes.context
           FROM (${CODE_ROWS}) AS codes
           RETURNING 1
         )
         SELECT count(*) AS inserted FROM written`;
