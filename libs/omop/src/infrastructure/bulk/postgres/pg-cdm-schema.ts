import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { AppError } from '@app/shared';
import type pg from 'pg';
import { CdmSchema, type PreparedCdmSchema } from '../../../application/ports/cdm-schema.js';
import {
  idColumnOf,
  KEYLESS_MAPPED_TABLES,
  MAPPED_CDM_TABLES,
  rowKeyColumns,
  VOCABULARY_TABLES,
} from '../../../domain/bulk/cdm-tables.js';
import type { OmopTarget } from '../../../domain/bulk/omop-target.js';
import { bindCdmSchema, splitSqlStatements } from '../../../domain/bulk/sql-script.js';
import { splitByVocabulary } from '../../../domain/bulk/deferred-ddl.js';
import { bookkeepingStatements, DEFERRED_DDL_KEY } from './bookkeeping-ddl.js';
import { ServiceVocabulary } from './service-vocabulary.js';
import { readTargetCatalog } from './target-catalog.js';
import { inTransaction, TargetPools } from './target-pools.js';
import { unnestInsert } from './unnest-insert.js';

const DDL_FILES = {
  tables: '_ddl.sql',
  primaryKeys: '_primary_keys.sql',
  constraints: '_constraints.sql',
  indices: '_indices.sql',
} as const;
type DdlScripts = Record<keyof typeof DDL_FILES, string>;

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Creates the CDM schema the way OHDSI documents it: tables from the official DDL, the
 * vocabulary loaded, then primary keys, foreign keys and indices. The DDL is read at run
 * time from the given folder with `@cdmDatabaseSchema` bound. The clinical tables'
 * foreign keys and indices are recorded and added by `complete` after the first load
 * (a load interrupted before that leaves them to the next one); the writer checks the
 * recorded foreign keys itself meanwhile (see readTargetCatalog).
 */
@Injectable()
export class PgCdmSchema extends CdmSchema {
  constructor(
    private readonly pools: TargetPools,
    private readonly vocabulary: ServiceVocabulary,
  ) {
    super();
  }

  async prepare(
    target: OmopTarget,
    ddlDirectory: string,
    onStep: (message: string) => void,
  ): Promise<PreparedCdmSchema> {
    const pool = this.pools.pool(target.url);
    const { schema } = target;
    const prepared: PreparedCdmSchema = {
      created: false,
      vocabularyRows: {},
      skippedConstraints: [],
    };
    const fingerprint = await this.vocabulary.fingerprint();
    if (!(await this.hasCdmTables(pool, schema))) {
      const ddl = await this.readDdl(ddlDirectory);
      onStep(`Creating the OMOP CDM v5.4 schema "${schema}" from ${ddlDirectory}`);
      await inTransaction(pool, async (client) => {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
        for (const statement of this.statements(ddl.tables, schema)) await client.query(statement);
        prepared.vocabularyRows = await this.copyVocabulary(client, schema, 'fresh', onStep);
        await this.requireConceptZero(client, schema);
        onStep("Adding the primary keys, and the vocabulary tables' foreign keys and indices");
        for (const statement of this.statements(ddl.primaryKeys, schema))
          await client.query(statement);
        const constraints = splitByVocabulary(this.statements(ddl.constraints, schema));
        const indices = splitByVocabulary(this.statements(ddl.indices, schema));
        prepared.skippedConstraints = await this.addConstraints(client, constraints.vocabulary);
        for (const statement of indices.vocabulary) await client.query(statement);
        for (const statement of bookkeepingStatements(schema)) await client.query(statement);
        await this.setMeta(client, schema, 'vocabulary_fingerprint', fingerprint);
        await this.setMeta(
          client,
          schema,
          DEFERRED_DDL_KEY,
          JSON.stringify([...constraints.clinical, ...indices.clinical]),
        );
      });
      prepared.created = true;
    } else {
      await inTransaction(pool, async (client) => {
        for (const statement of bookkeepingStatements(schema)) await client.query(statement);
        const known = await client.query<{ value: string }>(
          `SELECT value FROM ${schema}._fhir_load_meta WHERE key = 'vocabulary_fingerprint'`,
        );
        if (known.rows[0]?.value !== fingerprint) {
          onStep(`Updating the vocabulary of schema "${schema}" from the service's vocabulary`);
          prepared.vocabularyRows = await this.copyVocabulary(client, schema, 'refresh', onStep);
          await this.setMeta(client, schema, 'vocabulary_fingerprint', fingerprint);
        }
        await this.requireConceptZero(client, schema);
        await this.requireKeys(client, schema);
      });
    }
    await this.syncSequences(pool, schema);
    return prepared;
  }

  async complete(target: OmopTarget, onStep: (message: string) => void): Promise<void> {
    const pool = this.pools.pool(target.url);
    const { rows } = await pool.query<{ value: string }>(
      `SELECT value FROM ${target.schema}._fhir_load_meta WHERE key = $1`,
      [DEFERRED_DDL_KEY],
    );
    if (rows.length === 0) return;
    onStep("Adding the clinical tables' foreign keys and indices");
    await inTransaction(pool, async (client) => {
      for (const statement of JSON.parse(rows[0].value) as string[]) await client.query(statement);
      await client.query(`DELETE FROM ${target.schema}._fhir_load_meta WHERE key = $1`, [
        DEFERRED_DDL_KEY,
      ]);
    });
  }

  async tableCounts(target: OmopTarget): Promise<Record<string, number>> {
    const pool = this.pools.pool(target.url);
    const counts: Record<string, number> = {};
    for (const table of [...MAPPED_CDM_TABLES, ...KEYLESS_MAPPED_TABLES]) {
      const { rows } = await pool.query<{ count: string }>(
        `SELECT count(*) AS count FROM ${target.schema}.${table}`,
      );
      counts[table] = Number(rows[0].count);
    }
    return counts;
  }

  private statements(script: string, schema: string): string[] {
    return splitSqlStatements(bindCdmSchema(script, schema));
  }

  private async hasCdmTables(pool: pg.Pool, schema: string): Promise<boolean> {
    const { rows } = await pool.query<{ found: string | null }>(
      'SELECT to_regclass($1)::text AS found',
      [`${schema}.person`],
    );
    return rows[0].found !== null;
  }

  private async readDdl(directory: string): Promise<DdlScripts> {
    let entries: string[];
    try {
      entries = await readdir(directory);
    } catch {
      throw AppError.badRequest('OMOP.DDL_NOT_FOUND', `Cannot read the DDL folder ${directory}`);
    }
    const scripts = {} as DdlScripts;
    for (const [part, suffix] of Object.entries(DDL_FILES) as [keyof DdlScripts, string][]) {
      const file = entries.find((entry) => entry.toLowerCase().endsWith(suffix));
      if (!file)
        throw AppError.badRequest(
          'OMOP.DDL_NOT_FOUND',
          `The DDL folder ${directory} has no *${suffix} file (the OHDSI PostgreSQL DDL has four files)`,
        );
      scripts[part] = await readFile(join(directory, file), 'utf8');
    }
    return scripts;
  }

  /**
   * The vocabulary tables' foreign keys. A vocabulary subset is rarely closed (its
   * concept_class table may be empty, its domains may name concepts it lacks), so a key
   * the copied rows violate is left out and reported.
   */
  private async addConstraints(
    client: pg.PoolClient,
    statements: readonly string[],
  ): Promise<string[]> {
    const skipped: string[] = [];
    for (const statement of statements) {
      const name = /ADD\s+CONSTRAINT\s+(\w+)/i.exec(statement)?.[1]?.toLowerCase();
      await client.query('SAVEPOINT vocabulary_key');
      try {
        await client.query(statement);
        await client.query('RELEASE SAVEPOINT vocabulary_key');
      } catch (error) {
        if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION || !name) throw error;
        await client.query('ROLLBACK TO SAVEPOINT vocabulary_key');
        skipped.push(name);
      }
    }
    return skipped;
  }

  private async copyVocabulary(
    client: pg.PoolClient,
    schema: string,
    mode: 'fresh' | 'refresh',
    onStep: (message: string) => void,
  ): Promise<Record<string, number>> {
    const catalog = await readTargetCatalog(client, schema);
    const copied: Record<string, number> = {};
    for (const { table, key } of VOCABULARY_TABLES) {
      const shape = catalog.tables.get(table);
      if (!shape) continue;
      const keys = rowKeyColumns(table, shape.primaryKey);
      if (mode === 'refresh' && keys.length === 0)
        await client.query(`DELETE FROM ${schema}.${table}`);
      let rows = 0;
      for await (const page of this.vocabulary.pages(table, key, shape.columns)) {
        const insert = unnestInsert({
          schema,
          table,
          columns: shape.columns,
          rows: page,
          conflict: mode === 'refresh' && keys.length > 0 ? { keys } : undefined,
        });
        await client.query(insert.text, insert.values);
        rows += page.length;
      }
      copied[table] = rows;
      onStep(`  vocabulary ${table}: ${rows} rows`);
    }
    return copied;
  }

  private async requireConceptZero(client: pg.PoolClient, schema: string): Promise<void> {
    const { rows } = await client.query(`SELECT 1 FROM ${schema}.concept WHERE concept_id = 0`);
    if (rows.length === 0)
      throw AppError.badRequest(
        'OMOP.VOCABULARY_MISSING',
        'The vocabulary has no concept 0 ("No matching concept"), which every unmapped code points at. ' +
          'Import an Athena vocabulary first: npm run cli -- vocab:import --athena DIR',
      );
  }

  /** Upserts need the official primary keys; a CDM created elsewhere without them is refused. */
  private async requireKeys(client: pg.PoolClient, schema: string): Promise<void> {
    const catalog = await readTargetCatalog(client, schema);
    const missing = MAPPED_CDM_TABLES.filter((table) => {
      const shape = catalog.tables.get(table);
      return !shape || rowKeyColumns(table, shape.primaryKey).length === 0;
    });
    if (missing.length > 0)
      throw AppError.badRequest(
        'OMOP.SCHEMA_WITHOUT_KEYS',
        `Schema "${schema}" lacks the CDM's primary keys on ${missing.join(', ')}: apply OMOPCDM_postgresql_5.4_primary_keys.sql`,
      );
  }

  /** Ids continue after the largest already in each table, whoever wrote it. */
  private async syncSequences(pool: pg.Pool, schema: string): Promise<void> {
    for (const table of MAPPED_CDM_TABLES) {
      const column = idColumnOf(table);
      if (!column) continue;
      const sequence = `${schema}._fhir_id_${table}`;
      await pool.query(
        `SELECT setval('${sequence}', GREATEST(m.top, s.used, 1), GREATEST(m.top, s.used) > 0)
           FROM (SELECT COALESCE(max(${column}), 0) AS top FROM ${schema}.${table}) m,
                (SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS used FROM ${sequence}) s`,
      );
    }
  }

  private async setMeta(
    client: pg.PoolClient,
    schema: string,
    key: string,
    value: string,
  ): Promise<void> {
    await client.query(
      `INSERT INTO ${schema}._fhir_load_meta (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [key, value],
    );
  }
}
