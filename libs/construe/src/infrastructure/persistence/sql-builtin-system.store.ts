import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { isEmbedded } from '@app/platform';
import { BuiltinSystemStore } from '../../application/ports/builtin-system.store.js';
import type { CodeSystem } from '../../domain/code-system.js';
import { toSystem, type SystemRow } from './code-system.rows.js';

/** Builtin systems built side by side on a server database. */
const CONCURRENT_BUILDS = 3;

@Injectable()
export class SqlBuiltinSystemStore extends BuiltinSystemStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async listBuiltin(): Promise<CodeSystem[]> {
    const rows = await this.dataSource.query<SystemRow[]>(
      'SELECT * FROM construe_code_system WHERE builtin ORDER BY name',
    );
    return rows.map(toSystem);
  }

  async materializeBuiltins(
    systems: readonly { name: string; vocabularyId: string }[],
  ): Promise<(CodeSystem | null)[]> {
    // Each build is one statement on one core: a server runs a few side by side, each in
    // its own transaction; PGlite runs one statement at a time anyway.
    const lanes = isEmbedded(this.dataSource) ? 1 : CONCURRENT_BUILDS;
    const built: (CodeSystem | null)[] = new Array<CodeSystem | null>(systems.length);
    let next = 0;
    const lane = async () => {
      while (next < systems.length) {
        const index = next++;
        built[index] = await this.materializeBuiltin(
          systems[index].name,
          systems[index].vocabularyId,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, systems.length) }, lane));
    return built;
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
      // The statement below is costed in the billions on a large vocabulary (the code-prefix
      // join), which turns on JIT compilation: seconds of compiling for a plan that runs once.
      await manager.query('SET LOCAL jit = off');
      // PGlite's WASM heap never gives memory back: its hashes and sorts spill to its files
      // instead (5 million Athena rows: no slower, peak RSS 435 MB against 507-527 MB in one run).
      if (isEmbedded(this.dataSource)) await manager.query(`SET LOCAL work_mem = '1MB'`);
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
