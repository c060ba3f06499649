import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { RequestContext } from '@app/shared';
import type { DataSource } from 'typeorm';
import {
  CodeSystemRepository,
  type ListedCode,
  type ScoredCode,
  type SearchableCode,
} from '../../application/ports/code-system.repository.js';
import type { CodeSystem, CodeSystemStatus, SystemCode } from '../../domain/code-system.js';

export interface SystemRow {
  id: string;
  account_id: string | null;
  name: string;
  version: string;
  revision: number | null;
  builtin: boolean;
  status: CodeSystemStatus;
  error: string | null;
  code_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

interface CodeRow {
  seq: number;
  code: string;
  description: string;
  definition: string | null;
}

const LOAD_PAGE = 10_000;

export function toSystem(row: SystemRow): CodeSystem {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    version: row.version,
    revision: row.revision === null ? null : Number(row.revision),
    builtin: row.builtin,
    status: row.status,
    error: row.error,
    codeCount: Number(row.code_count),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toCode(row: CodeRow): SystemCode {
  return row.definition === null
    ? { code: row.code, description: row.description }
    : { code: row.code, description: row.description, definition: row.definition };
}

function vectorLiteral(vector: number[]): string {
  return `[${vector.map((value) => (Number.isFinite(value) ? value.toFixed(6) : '0')).join(',')}]`;
}

@Injectable()
export class SqlCodeSystemRepository extends CodeSystemRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async findVisible(name: string): Promise<CodeSystem[]> {
    const { accountId } = RequestContext.requireTenant();
    const rows = await this.dataSource.query<SystemRow[]>(
      "SELECT * FROM construe_code_system WHERE name = $1 AND (builtin OR account_id = $2) AND status <> 'loading' ORDER BY builtin DESC, created_at",
      [name, accountId],
    );
    return rows.map(toSystem);
  }

  async listVisible(): Promise<CodeSystem[]> {
    const { accountId } = RequestContext.requireTenant();
    const rows = await this.dataSource.query<SystemRow[]>(
      "SELECT * FROM construe_code_system WHERE (builtin OR account_id = $1) AND status <> 'loading' ORDER BY builtin DESC, name, version",
      [accountId],
    );
    return rows.map(toSystem);
  }

  /** After a bulk write: refresh the planner's statistics (code-prefix search, the vector index). */
  async optimizeSearch(): Promise<void> {
    await this.dataSource.query('ANALYZE construe_code');
  }

  async listCodes(systemId: string, afterSeq: number, limit: number): Promise<ListedCode[]> {
    const rows = await this.dataSource.query<CodeRow[]>(
      'SELECT seq, code, description, definition FROM construe_code WHERE system_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [systemId, afterSeq, limit],
    );
    return rows.map((row) => ({ ...toCode(row), seq: Number(row.seq) }));
  }

  async findCode(systemId: string, key: string): Promise<SystemCode | null> {
    const rows = await this.dataSource.query<CodeRow[]>(
      'SELECT seq, code, description, definition FROM construe_code WHERE system_id = $1 AND code_key = $2 ORDER BY seq LIMIT 1',
      [systemId, key],
    );
    return rows[0] ? toCode(rows[0]) : null;
  }

  /** A code-looking query: the exact code first, then codes it prefixes, in system order. */
  async searchCodePrefix(systemId: string, key: string, limit: number): Promise<ScoredCode[]> {
    const rows = await this.dataSource.query<(CodeRow & { exact: boolean })[]>(
      `SELECT seq, code, description, definition, code_key = $2 AS exact FROM construe_code
       WHERE system_id = $1 AND code_key LIKE $3 || '%'
       ORDER BY code_key = $2 DESC, seq LIMIT $4`,
      [systemId, key, key.replace(/[\\%_]/g, '\\$&'), limit],
    );
    return rows.map((row) => ({ ...toCode(row), score: row.exact ? 2 : 1.5 }));
  }

  async loadSearchDocuments(systemId: string): Promise<SearchableCode[]> {
    // In pages: one statement over a whole system would hold the embedded database (which
    // runs in the API's thread) for seconds.
    const codes: SearchableCode[] = [];
    for (let afterSeq = 0; ;) {
      const rows = await this.dataSource.query<
        (CodeRow & { synonyms: string[] | null; context: string[] | null })[]
      >(
        'SELECT seq, code, description, definition, synonyms, context FROM construe_code WHERE system_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
        [systemId, afterSeq, LOAD_PAGE],
      );
      for (const row of rows) {
        codes.push({ ...toCode(row), synonyms: row.synonyms ?? [], context: row.context ?? [] });
      }
      if (rows.length < LOAD_PAGE) return codes;
      afterSeq = Number(rows[rows.length - 1].seq);
    }
  }

  async searchSemantic(systemId: string, vector: number[], limit: number): Promise<ScoredCode[]> {
    const rows = await this.dataSource.query<(CodeRow & { distance: number })[]>(
      `SELECT seq, code, description, definition, embedding <=> $2::vector AS distance
       FROM construe_code WHERE system_id = $1 AND embedding IS NOT NULL
       ORDER BY embedding <=> $2::vector LIMIT $3`,
      [systemId, vectorLiteral(vector), limit],
    );
    return rows.map((row) => ({
      ...toCode(row),
      score: Number((1 - Number(row.distance)).toFixed(4)),
    }));
  }

  async findByDescriptions(systemId: string, phrases: string[], codeKeys: string[]) {
    const rows = await this.dataSource.query<(CodeRow & { key: string; code_key: string })[]>(
      `SELECT seq, code, description, definition, lower(description) AS key, code_key FROM construe_code
       WHERE system_id = $1 AND (lower(description) = ANY($2::text[]) OR code_key = ANY($3::text[]))`,
      [systemId, phrases, codeKeys],
    );
    return rows.map((row) => ({ ...toCode(row), key: row.key, codeKey: row.code_key }));
  }

  async findById(systemId: string): Promise<CodeSystem | null> {
    const rows = await this.dataSource.query<SystemRow[]>(
      'SELECT * FROM construe_code_system WHERE id = $1',
      [systemId],
    );
    return rows[0] ? toSystem(rows[0]) : null;
  }

  async setStatus(systemId: string, status: CodeSystemStatus, error?: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE construe_code_system SET status = $2, error = $3, updated_at = now() WHERE id = $1',
      [systemId, status, error ?? null],
    );
  }

  async nextUnembedded(systemId: string, afterSeq: number, limit: number): Promise<ListedCode[]> {
    // A keyset walk on the primary key: a filter on `embedding IS NULL` alone would revisit
    // every row updated so far (dead index entries) and make the whole job quadratic.
    const rows = await this.dataSource.query<CodeRow[]>(
      'SELECT seq, code, description, definition FROM construe_code WHERE system_id = $1 AND seq > $2 AND embedding IS NULL ORDER BY seq LIMIT $3',
      [systemId, afterSeq, limit],
    );
    return rows.map((row) => ({ ...toCode(row), seq: Number(row.seq) }));
  }

  async saveEmbeddings(
    systemId: string,
    embeddings: { seq: number; vector: number[] }[],
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE construe_code c SET embedding = e.vector::vector
       FROM unnest($2::int[], $3::text[]) AS e(seq, vector)
       WHERE c.system_id = $1 AND c.seq = e.seq`,
      [
        systemId,
        embeddings.map((embedding) => embedding.seq),
        embeddings.map((embedding) => vectorLiteral(embedding.vector)),
      ],
    );
  }

  async listBuiltin(): Promise<CodeSystem[]> {
    const rows = await this.dataSource.query<SystemRow[]>(
      'SELECT * FROM construe_code_system WHERE builtin ORDER BY name',
    );
    return rows.map(toSystem);
  }

  async listProcessing(): Promise<CodeSystem[]> {
    const rows = await this.dataSource.query<SystemRow[]>(
      "SELECT * FROM construe_code_system WHERE status = 'processing' ORDER BY created_at",
    );
    return rows.map(toSystem);
  }

  async materializeBuiltin(name: string, vocabularyId: string): Promise<CodeSystem | null> {
    return this.dataSource.transaction(async (manager) => {
      const [vocabulary] = await manager.query<{ vocabulary_version: string | null }[]>(
        'SELECT vocabulary_version FROM vocab.vocabulary WHERE vocabulary_id = $1',
        [vocabularyId],
      );
      const [{ count }] = await manager.query<{ count: string }[]>(
        'SELECT count(*) AS count FROM vocab.concept WHERE vocabulary_id = $1 AND invalid_reason IS NULL',
        [vocabularyId],
      );
      if (Number(count) === 0) return null;
      const version = vocabulary?.vocabulary_version ?? 'unversioned';
      await manager.query('DELETE FROM construe_code_system WHERE builtin AND name = $1', [name]);
      const [row] = await manager.query<SystemRow[]>(
        `INSERT INTO construe_code_system (id, account_id, name, version, builtin, status, code_count)
         VALUES ($1, NULL, $2, $3, true, 'processing', $4) RETURNING *`,
        [randomUUID(), name, version, Number(count)],
      );
      // System order of a builtin system: its codes, byte-wise (ICD-10-CM's own order).
      // Each code comes with what text search reads besides its title, in the same
      // statement (an UPDATE pass per field afterwards rewrote every row): its synonyms
      // (its synonym rows; the names and synonyms of the valid concepts it maps to or is
      // mapped from) and its context (the names of its valid parent concepts and, for
      // ICD-10-CM, whose hierarchy is in its codes, the titles of the codes that prefix it).
      // Freshly loaded vocabulary tables have no statistics yet: the planner would take them
      // for one row each and join every code to every code (hours for ICD-10-CM).
      await manager.query(
        'ANALYZE vocab.concept, vocab.concept_relationship, vocab.concept_synonym',
      );
      await manager.query(
        `WITH own AS (
           SELECT DISTINCT ON (concept_code) concept_code, concept_id, concept_name,
                  upper(replace(replace(concept_code, '.', ''), ' ', '')) AS code_key
           FROM vocab.concept
           WHERE vocabulary_id = $2 AND invalid_reason IS NULL ORDER BY concept_code, concept_id
         ), linked AS (
           SELECT r.concept_id_1 AS concept_id, other.concept_id AS other_id, other.concept_name
           FROM own JOIN vocab.concept_relationship r ON r.concept_id_1 = own.concept_id
           JOIN vocab.concept other ON other.concept_id = r.concept_id_2 AND other.invalid_reason IS NULL
           WHERE r.relationship_id IN ('Maps to', 'Mapped from') AND r.invalid_reason IS NULL
             AND r.concept_id_2 <> r.concept_id_1
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
             SELECT own.concept_id, parent.concept_name AS name FROM own
             JOIN vocab.concept_relationship r ON r.concept_id_1 = own.concept_id AND r.relationship_id = 'Is a' AND r.invalid_reason IS NULL
             JOIN vocab.concept parent ON parent.concept_id = r.concept_id_2 AND parent.invalid_reason IS NULL
             UNION
             SELECT own.concept_id, parent.concept_name FROM own
             CROSS JOIN LATERAL generate_series(3, length(own.code_key) - 1) AS prefix(length)
             JOIN own AS parent ON parent.code_key = left(own.code_key, prefix.length)
             WHERE $2 = 'ICD10CM'
           ) AS p GROUP BY p.concept_id
         )
         INSERT INTO construe_code (system_id, seq, code, code_key, description, synonyms, context)
         SELECT $1, row_number() OVER (ORDER BY own.concept_code COLLATE "C", own.concept_id), own.concept_code,
                own.code_key, own.concept_name, synonyms.names, context.names
         FROM own LEFT JOIN synonyms USING (concept_id) LEFT JOIN context USING (concept_id)`,
        [row.id, vocabularyId],
      );
      const [{ inserted }] = await manager.query<{ inserted: string }[]>(
        'SELECT count(*) AS inserted FROM construe_code WHERE system_id = $1',
        [row.id],
      );
      await manager.query('UPDATE construe_code_system SET code_count = $2 WHERE id = $1', [
        row.id,
        Number(inserted),
      ]);
      return { ...toSystem(row), codeCount: Number(inserted) };
    });
  }
}
