import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ConceptReader } from '../../application/ports/concept-reader.js';
import type { AncestorLink, Concept, RelatedConcept } from '../../domain/concept.js';
import type { ConceptLinkRow, NamedConcept } from '../../domain/name-index/concept-name-index.js';

interface ConceptRow {
  concept_id: number;
  concept_name: string;
  domain_id: string;
  vocabulary_id: string;
  concept_class_id: string;
  standard_concept: string | null;
  concept_code: string;
  invalid_reason: string | null;
}

/** How far down `Subsumes` rows are followed (a guard against cycles in imported data). */
const MAX_DEPTH = 12;

const COLUMNS =
  'c.concept_id, c.concept_name, c.domain_id, c.vocabulary_id, c.concept_class_id, c.standard_concept, c.concept_code, c.invalid_reason';

function toConcept(row: ConceptRow): Concept {
  return {
    conceptId: Number(row.concept_id),
    conceptName: row.concept_name,
    domainId: row.domain_id,
    vocabularyId: row.vocabulary_id,
    conceptClassId: row.concept_class_id,
    standardConcept:
      row.standard_concept === 'S' || row.standard_concept === 'C' ? row.standard_concept : null,
    conceptCode: row.concept_code,
    invalidReason: row.invalid_reason,
  };
}

@Injectable()
export class SqlConceptReader extends ConceptReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async byId(conceptId: number): Promise<Concept | null> {
    const rows = await this.dataSource.query<ConceptRow[]>(
      `SELECT ${COLUMNS} FROM vocab.concept c WHERE c.concept_id = $1`,
      [conceptId],
    );
    return rows[0] ? toConcept(rows[0]) : null;
  }

  async byCode(vocabularyId: string, code: string): Promise<Concept[]> {
    const rows = await this.dataSource.query<ConceptRow[]>(
      `SELECT ${COLUMNS} FROM vocab.concept c WHERE c.vocabulary_id = $1 AND c.concept_code = $2 ORDER BY c.invalid_reason NULLS FIRST, c.concept_id`,
      [vocabularyId, code],
    );
    return rows.map(toConcept);
  }

  async mapsTo(conceptId: number): Promise<Concept[]> {
    const rows = await this.dataSource.query<ConceptRow[]>(
      `SELECT ${COLUMNS} FROM vocab.concept_relationship r JOIN vocab.concept c ON c.concept_id = r.concept_id_2
       WHERE r.concept_id_1 = $1 AND r.relationship_id = 'Maps to' AND r.invalid_reason IS NULL AND c.invalid_reason IS NULL
       ORDER BY c.concept_id`,
      [conceptId],
    );
    return rows.map(toConcept);
  }

  async relationships(conceptId: number): Promise<RelatedConcept[]> {
    // A `Maps to` row pointing here counts as `Mapped from` too: subsets often lack the reverse row.
    const rows = await this.dataSource.query<(ConceptRow & { relationship_id: string })[]>(
      `SELECT r.relationship_id, ${COLUMNS} FROM vocab.concept_relationship r JOIN vocab.concept c ON c.concept_id = r.concept_id_2
       WHERE r.concept_id_1 = $1 AND r.invalid_reason IS NULL AND c.invalid_reason IS NULL
       UNION
       SELECT 'Mapped from', ${COLUMNS} FROM vocab.concept_relationship r JOIN vocab.concept c ON c.concept_id = r.concept_id_1
       WHERE r.concept_id_2 = $1 AND r.relationship_id = 'Maps to' AND r.concept_id_1 <> $1
         AND r.invalid_reason IS NULL AND c.invalid_reason IS NULL
       ORDER BY relationship_id, vocabulary_id, concept_code`,
      [conceptId],
    );
    return rows.map((row) => ({ relationshipId: row.relationship_id, concept: toConcept(row) }));
  }

  async ancestors(conceptId: number): Promise<AncestorLink[]> {
    const rows = await this.dataSource.query<
      {
        ancestor_concept_id: number;
        min_levels_of_separation: number;
        max_levels_of_separation: number;
      }[]
    >(
      `SELECT ancestor_concept_id, min_levels_of_separation, max_levels_of_separation FROM vocab.concept_ancestor
       WHERE descendant_concept_id = $1 AND ancestor_concept_id <> $1 ORDER BY min_levels_of_separation, ancestor_concept_id`,
      [conceptId],
    );
    return rows.map((row) => ({
      ancestorConceptId: Number(row.ancestor_concept_id),
      minLevels: row.min_levels_of_separation,
      maxLevels: row.max_levels_of_separation,
    }));
  }

  async descendants(conceptId: number, limit: number): Promise<Concept[]> {
    // CONCEPT_ANCESTOR and the `Subsumes` rows walked down: a vocabulary subset may hold one
    // without the other.
    const rows = await this.dataSource.query<ConceptRow[]>(
      `WITH RECURSIVE below(id, depth) AS (
         SELECT $1::integer, 0
         UNION
         SELECT a.descendant_concept_id, a.min_levels_of_separation FROM vocab.concept_ancestor a
         WHERE a.ancestor_concept_id = $1
         UNION
         SELECT r.concept_id_2, b.depth + 1 FROM vocab.concept_relationship r JOIN below b ON r.concept_id_1 = b.id
         WHERE r.relationship_id = 'Subsumes' AND r.invalid_reason IS NULL AND b.depth < ${MAX_DEPTH}
       )
       SELECT ${COLUMNS} FROM (SELECT id, MIN(depth) AS depth FROM below WHERE id <> $1 GROUP BY id) d
       JOIN vocab.concept c ON c.concept_id = d.id
       WHERE c.invalid_reason IS NULL ORDER BY d.depth, c.concept_id LIMIT $2`,
      [conceptId, limit],
    );
    return rows.map(toConcept);
  }

  async vocabularyVersion(vocabularyId: string): Promise<string | null> {
    const rows = await this.dataSource.query<{ vocabulary_version: string | null }[]>(
      'SELECT vocabulary_version FROM vocab.vocabulary WHERE vocabulary_id = $1',
      [vocabularyId],
    );
    return rows[0]?.vocabulary_version ?? null;
  }

  async namedConcepts(vocabularyIds: string[]): Promise<NamedConcept[]> {
    const rows = await this.dataSource.query<
      {
        concept_id: number;
        vocabulary_id: string;
        concept_code: string;
        concept_name: string;
        concept_class_id: string;
        standard_concept: string | null;
      }[]
    >(
      `SELECT concept_id, vocabulary_id, concept_code, concept_name, concept_class_id, standard_concept
       FROM vocab.concept WHERE vocabulary_id = ANY($1) AND invalid_reason IS NULL`,
      [vocabularyIds],
    );
    return rows.map((row) => ({
      conceptId: Number(row.concept_id),
      vocabularyId: row.vocabulary_id,
      code: row.concept_code,
      name: row.concept_name,
      conceptClassId: row.concept_class_id,
      standard: row.standard_concept === 'S',
    }));
  }

  async links(vocabularyId: string, relationshipIds: string[]): Promise<ConceptLinkRow[]> {
    const rows = await this.dataSource.query<
      { concept_id_1: number; concept_id_2: number; relationship_id: string }[]
    >(
      `SELECT r.concept_id_1, r.concept_id_2, r.relationship_id FROM vocab.concept_relationship r
       JOIN vocab.concept a ON a.concept_id = r.concept_id_1 AND a.vocabulary_id = $1
       JOIN vocab.concept b ON b.concept_id = r.concept_id_2 AND b.vocabulary_id = $1
       WHERE r.relationship_id = ANY($2) AND r.invalid_reason IS NULL`,
      [vocabularyId, relationshipIds],
    );
    return rows.map((row) => ({
      from: Number(row.concept_id_1),
      to: Number(row.concept_id_2),
      relationshipId: row.relationship_id,
    }));
  }

  async contentSignature(): Promise<string> {
    // Cheap on purpose (the primary key's maximum, not a count): it runs every 15 s, and the
    // embedded database answers one query at a time.
    const [versions, newest] = await Promise.all([
      this.dataSource.query<{ vocabulary_id: string; vocabulary_version: string | null }[]>(
        'SELECT vocabulary_id, vocabulary_version FROM vocab.vocabulary ORDER BY vocabulary_id',
      ),
      this.dataSource.query<{ id: string | null }[]>(
        'SELECT max(concept_id) AS id FROM vocab.concept',
      ),
    ]);
    return `${newest[0]?.id ?? 0}|${versions.map((v) => `${v.vocabulary_id}:${v.vocabulary_version ?? ''}`).join(',')}`;
  }
}
