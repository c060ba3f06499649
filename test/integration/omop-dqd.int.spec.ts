import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MIGRATIONS } from '@app/migrations';
import {
  hashedId,
  LoadOmopCommand,
  MapFhirToOmopQuery,
  OmopModule,
  parseOmopTarget,
  type LoadOmopSummary,
  type OmopMappingResult,
} from '@app/omop';
import { DatabaseModule, JobsModule } from '@app/platform';
import { ConfigModule, loadConfig } from '@app/shared';
import { ImportAthenaCommand, VocabularyModule } from '@app/vocabulary';
import { countsByCheck, runDqdConceptChecks, runDqdFieldChecks } from '../support/omop-dqd.js';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';

const REFERENCE = new URL('../../../shared/reference/', import.meta.url).pathname;
const ATHENA = `${REFERENCE}omop/vocab/athena-subset`;
const BULK = `${REFERENCE}fhir/synthea-bulk-ndjson-13-patients`;
const BUNDLES = `${REFERENCE}fhir/synthea-hiv-bundles-14-patients`;
const DDL = `${REFERENCE}omop/cdm-v5.4/postgresql_ddl`;
const DQD_FIELDS = `${REFERENCE}omop/dqd-v5.4/OMOP_CDMv5.4_Field_Level.csv`;
const DQD_CONCEPTS = `${REFERENCE}omop/dqd-v5.4/OMOP_CDMv5.4_Concept_Level.csv`;
const available = [ATHENA, BULK, BUNDLES, DDL, DQD_FIELDS, DQD_CONCEPTS].every((path) =>
  existsSync(path),
);
if (!available) console.warn(`Skipping the OMOP DQD integration tests: ${REFERENCE} not found`);

/** Columns holding ids of another table's rows, and that table. */
const ID_COLUMNS: Record<string, string> = {
  person_id: 'person',
  visit_occurrence_id: 'visit_occurrence',
  preceding_visit_occurrence_id: 'visit_occurrence',
  visit_detail_id: 'visit_detail',
  parent_visit_detail_id: 'visit_detail',
  preceding_visit_detail_id: 'visit_detail',
  provider_id: 'provider',
  care_site_id: 'care_site',
  location_id: 'location',
};
const FACT_DOMAIN_TABLE: Record<number, string> = {
  19: 'condition_occurrence',
  13: 'drug_exposure',
  10: 'procedure_occurrence',
  21: 'measurement',
  27: 'observation',
  17: 'device_exposure',
  5085: 'note',
};

type Row = Record<string, unknown>;

/** A value as the database returns it and as the mapper writes it, in one spelling. */
function normalize(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const datetime = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})Z?$/.exec(value);
    if (datetime) return `${datetime[1]} ${datetime[2]}`;
    return value;
  }
  return value;
}

/**
 * Rows with every id replaced by the source key it stands for, so that the response's
 * hashed ids and the loader's sequence ids can be compared.
 */
function keyed(table: string, rows: Row[], keyOf: (table: string, id: unknown) => string): Row[] {
  return rows
    .map((row) => {
      const out: Row = {};
      for (const [column, value] of Object.entries(row)) {
        const target =
          column === `${table}_id`
            ? table
            : column.endsWith('_id')
              ? ID_COLUMNS[column]
              : undefined;
        if (target && value !== null && value !== undefined) out[column] = keyOf(target, value);
        else out[column] = normalize(value);
      }
      if (table === 'fact_relationship') {
        out.fact_id_1 = keyOf(FACT_DOMAIN_TABLE[Number(row.domain_concept_id_1)], row.fact_id_1);
        out.fact_id_2 = keyOf(FACT_DOMAIN_TABLE[Number(row.domain_concept_id_2)], row.fact_id_2);
      }
      return out;
    })
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe.skipIf(!available)('OMOP conventions on both Synthea sets (omop:load, DQD)', () => {
  let service: TestDatabase;
  let target: TestDatabase;
  let context: INestApplicationContext;
  let client: pg.Client;
  const summaries: Record<string, LoadOmopSummary> = {};
  let fixtures: string;

  const load = (kind: 'ndjson' | 'bundles', directory: string, schema: string) =>
    context.get(CommandBus).execute(
      new LoadOmopCommand({ kind, directory }, parseOmopTarget(target.url, schema), {
        ddlDirectory: DDL,
        jobs: 3,
        batchResources: 1_500,
      }),
    );

  beforeAll(async () => {
    [service, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    fixtures = mkdtempSync(join(tmpdir(), 'omop-dqd-'));
    const config = loadConfig(serverEnv(service.url));
    const module = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(config),
        CqrsModule.forRoot(),
        DatabaseModule.forRoot({ migrations: ALL_MIGRATIONS, migrateOnStart: true }),
        JobsModule.forRoot(config, { consume: true }),
        VocabularyModule,
        OmopModule,
      ],
    }).compile();
    context = await module.init();
    await context.get(CommandBus).execute(new ImportAthenaCommand(ATHENA));
    client = new pg.Client({ connectionString: target.url });
    // Dates and timestamps as the text PostgreSQL writes, not JavaScript Dates in local time.
    client.setTypeParser(1082, (text: string) => text);
    client.setTypeParser(1114, (text: string) => text);
    client.setTypeParser(1700, (text: string) => Number(text));
    await client.connect();
    summaries.bulk = await load('ndjson', BULK, 'bulk');
    summaries.hiv = await load('bundles', BUNDLES, 'hiv');
  }, 600_000);

  afterAll(async () => {
    await client?.end();
    await context?.close();
    await Promise.all([service?.drop(), target?.drop()]);
    if (fixtures) rmSync(fixtures, { recursive: true, force: true });
  });

  it('loads the bulk set with every DocumentReference as a note and every Device as a device exposure', () => {
    const { tables, dropped } = summaries.bulk;
    expect(tables.note).toBe(1215);
    expect(tables.device_exposure).toBe(16);
    const unmapped = Object.keys(dropped).filter((reason) =>
      /^(DocumentReference|Device):/.test(reason),
    );
    expect(unmapped).toEqual([]);
  });

  for (const schema of ['bulk', 'hiv']) {
    it(`passes every DQD field-level check that applies (${schema})`, async () => {
      const results = await runDqdFieldChecks(client, schema, DQD_FIELDS);
      console.log(`DQD field-level on ${schema}:`, JSON.stringify(countsByCheck(results)));
      expect(results.length).toBeGreaterThan(200);
      expect(results.filter((result) => !result.passed)).toEqual([]);
    });

    it(`fails no DQD concept-level plausibleGender check and lists the other failures (${schema})`, async () => {
      const results = await runDqdConceptChecks(client, schema, DQD_CONCEPTS);
      const failed = results.filter((result) => !result.passed);
      console.log(
        `DQD concept-level on ${schema}: ${JSON.stringify(countsByCheck(results))}` +
          failed
            .map(
              (result) =>
                `\n  FAIL ${result.check} ${result.table} ${result.conceptId} ${result.conceptName}: ${result.violated}/${result.rows}`,
            )
            .join(''),
      );
      // Only checks whose concept has rows apply (DQD's rule); on these sets they are few.
      console.log(`  ${results.length} concept-level checks applied on ${schema}`);
      // Every failure must be a plausibility of the source data (values, units), never a
      // concept written for a person of the other sex by the mapper.
      expect(failed.filter((result) => result.check === 'plausibleGender')).toEqual([]);
    });
  }

  it('writes the same rows through omop:load as POST /fhir2omop/create answers for the same input', async () => {
    const file = readdirSync(BUNDLES).find((name) => name.startsWith('Ollie731'))!;
    const bundle = JSON.parse(gunzipSync(readFileSync(join(BUNDLES, file))).toString('utf8'));
    const shared = readdirSync(BUNDLES)
      .filter((name) => !name.includes('_'))
      .flatMap(
        (name) =>
          (JSON.parse(gunzipSync(readFileSync(join(BUNDLES, name))).toString('utf8')).entry ??
            []) as unknown[],
      );
    const input = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [...shared, ...bundle.entry],
    };
    writeFileSync(join(fixtures, 'one.json'), JSON.stringify(input));
    const response = await context
      .get(QueryBus)
      .execute<MapFhirToOmopQuery, OmopMappingResult>(new MapFhirToOmopQuery(input));
    const loaded = await load('bundles', fixtures, 'same');

    const { rows: keys } = await client.query<{
      table_name: string;
      source_key: string;
      id: number;
    }>('SELECT table_name, source_key, id FROM same._fhir_source_id');
    const loadKey = new Map(keys.map((row) => [`${row.table_name}|${row.id}`, row.source_key]));
    // The response's ids are hashes of the same keys (HashedOmopIdAllocator).
    const responseKey = new Map(
      keys.map((row) => [
        `${row.table_name}|${hashedId(row.table_name as never, row.source_key)}`,
        row.source_key,
      ]),
    );
    // Values the loader fitted to the target (a concept its vocabulary lacks → 0) are the
    // documented difference; they are named in its `adjusted` tally.
    const adjusted = new Set(Object.keys(loaded.adjusted).map((reason) => reason.split(':')[0]));
    let compared = 0;
    for (const [table, responseRows] of Object.entries(response.tables) as [string, Row[]][]) {
      const { rows: dbRows } = await client.query<Row>(`SELECT * FROM same.${table}`);
      const columns = Object.keys(responseRows[0]);
      const fromDb = keyed(
        table,
        dbRows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]]))),
        (t, id) => loadKey.get(`${t}|${String(id)}`) ?? `?${t}|${String(id)}`,
      );
      const fromResponse = keyed(
        table,
        responseRows,
        (t, id) => responseKey.get(`${t}|${String(id)}`) ?? `?${t}|${String(id)}`,
      );
      for (const column of columns) {
        if (!adjusted.has(`${table}.${column}`)) continue;
        for (const row of fromResponse) {
          const match = fromDb.find((candidate) => candidate[`${table}_id`] === row[`${table}_id`]);
          if (match && match[column] === 0) row[column] = 0;
        }
      }
      const byText = (a: Row, b: Row) => JSON.stringify(a).localeCompare(JSON.stringify(b));
      expect(fromDb.sort(byText), table).toEqual(fromResponse.sort(byText));
      compared += responseRows.length;
    }
    expect(compared).toBeGreaterThan(100);
  });
});
