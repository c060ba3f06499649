import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MIGRATIONS } from '@app/migrations';
import { LoadOmopCommand, OmopBulkModule, parseOmopTarget, type LoadOmopSummary } from '@app/omop';
import { DatabaseModule, JobsModule } from '@app/platform';
import { ConfigModule, loadConfig } from '@app/shared';
import { ImportAthenaCommand, VocabularyModule } from '@app/vocabulary';
import { runDqdFieldChecks } from '../support/omop-dqd.js';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';

const REFERENCE = new URL('../../../shared/reference/', import.meta.url).pathname;
const ATHENA = `${REFERENCE}omop/vocab/athena-subset`;
const BUNDLES = `${REFERENCE}fhir/synthea-hiv-bundles-14-patients`;
const DDL = `${REFERENCE}omop/cdm-v5.4/postgresql_ddl`;
const DQD_FIELDS = `${REFERENCE}omop/dqd-v5.4/OMOP_CDMv5.4_Field_Level.csv`;
const available = [ATHENA, BUNDLES, DDL, DQD_FIELDS].every((path) => existsSync(path));
if (!available) console.warn(`Skipping the omop:load integration tests: ${REFERENCE} not found`);

const SCHEMA = 'cdm';
describe.skipIf(!available)(
  'omop:load into the official CDM v5.4 DDL (BullMQ jobs on Redis)',
  () => {
    let service: TestDatabase;
    let target: TestDatabase;
    let context: INestApplicationContext;
    let client: pg.Client;
    let first: LoadOmopSummary;
    let fixtures: string;

    const load = (
      source: { kind: 'ndjson' | 'bundles'; directory: string } = {
        kind: 'bundles',
        directory: BUNDLES,
      },
      schema = SCHEMA,
      sharedResources?: number,
      full?: boolean,
    ) =>
      context.get(CommandBus).execute(
        new LoadOmopCommand(source, parseOmopTarget(target.url, schema), {
          ddlDirectory: DDL,
          jobs: 3,
          batchResources: 1_500,
          sharedResources,
          full,
        }),
      );
    const count = async (table: string, schema = SCHEMA) =>
      Number((await client.query(`SELECT count(*) AS n FROM ${schema}.${table}`)).rows[0].n);
    const counts = async () => {
      const tables = [
        'person',
        'visit_occurrence',
        'measurement',
        'observation',
        'provider',
        'care_site',
        'location',
      ];
      // One client runs one query at a time.
      const entries: [string, number][] = [];
      for (const table of tables) entries.push([table, await count(table)]);
      return Object.fromEntries(entries);
    };

    beforeAll(async () => {
      [service, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
      fixtures = mkdtempSync(join(tmpdir(), 'omop-load-fixtures-'));
      const config = loadConfig(serverEnv(service.url));
      const module = await Test.createTestingModule({
        imports: [
          ConfigModule.forRoot(config),
          CqrsModule.forRoot(),
          DatabaseModule.forRoot({ migrations: ALL_MIGRATIONS, migrateOnStart: true }),
          // This process is its own worker: batches go through Redis and come back.
          JobsModule.forRoot(config, { consume: true }),
          VocabularyModule,
          OmopBulkModule,
        ],
      }).compile();
      context = await module.init();
      await context.get(CommandBus).execute(new ImportAthenaCommand(ATHENA));
      client = new pg.Client({ connectionString: target.url });
      await client.connect();
      first = await load();
    }, 300_000);

    afterAll(async () => {
      await client?.end();
      await context?.close();
      await Promise.all([service?.drop(), target?.drop()]);
      if (fixtures) rmSync(fixtures, { recursive: true, force: true });
    });

    it('creates the schema from the official DDL with its keys, and copies the whole vocabulary', async () => {
      expect(first.schemaCreated).toBe(true);
      const source = new pg.Client({ connectionString: service.url });
      await source.connect();
      try {
        for (const [table, rows] of Object.entries(first.vocabularyRows)) {
          const { rows: found } = await source.query(`SELECT count(*) AS n FROM vocab.${table}`);
          expect(rows, table).toBe(Number(found[0].n));
        }
      } finally {
        await source.end();
      }
      expect(first.vocabularyRows.concept).toBe(2559);
      expect(first.vocabularyRows.concept_ancestor).toBe(63158);
      const constraints = await client.query<{ contype: string; n: string }>(
        `SELECT contype, count(*) AS n FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
          WHERE n.nspname = $1 GROUP BY contype`,
        [SCHEMA],
      );
      const byType = Object.fromEntries(
        constraints.rows.map((row) => [row.contype, Number(row.n)]),
      );
      expect(byType.p).toBeGreaterThanOrEqual(28);
      // The clinical tables' foreign keys are all there; only vocabulary-internal ones may be left out.
      expect(byType.f).toBeGreaterThan(150);
      expect(
        first.skippedConstraints.every((name) =>
          /^fpk_(concept|vocabulary|domain|relationship|drug_strength)/.test(name),
        ),
      ).toBe(true);
    });

    it('maps every patient of the Bundles into the CDM tables', () => {
      expect(first.patients).toBe(14);
      expect(first.resources).toBeGreaterThan(10_000);
      expect(first.tables.person).toBe(14);
      for (const table of [
        'visit_occurrence',
        'measurement',
        'observation_period',
        'provider',
        'care_site',
      ])
        expect(first.tables[table], table).toBeGreaterThan(0);
    });

    it('passes the DQD field-level checks it can express in SQL', async () => {
      const results = await runDqdFieldChecks(client, SCHEMA, DQD_FIELDS);
      const failed = results.filter((result) => !result.passed);
      const rate = ((results.length - failed.length) / results.length) * 100;
      console.log(
        `DQD field-level checks on ${SCHEMA}: ${results.length - failed.length}/${results.length} passed (${rate.toFixed(1)}%)` +
          failed
            .map(
              (result) =>
                `\n  FAIL ${result.check} ${result.table}.${result.field}: ${result.violated}/${result.rows}`,
            )
            .join(''),
      );
      expect(results.length).toBeGreaterThan(100);
      expect(failed).toEqual([]);
    });

    it('skips every unchanged patient when run again, and a full run restores rows changed since', async () => {
      const before = await counts();
      const ids = await count('_fhir_source_id');
      // Drift in the target: a provider (owned by the shared batches) and a patient's address
      // (written by a patient batch) edited by hand.
      const provider = (
        await client.query(`SELECT provider_id, provider_name FROM ${SCHEMA}.provider LIMIT 1`)
      ).rows[0];
      const address = (
        await client.query(
          `SELECT l.location_id, l.city FROM ${SCHEMA}.location l JOIN ${SCHEMA}.person p ON p.location_id = l.location_id LIMIT 1`,
        )
      ).rows[0];
      await client.query(
        `UPDATE ${SCHEMA}.provider SET provider_name = 'edited' WHERE provider_id = $1`,
        [provider.provider_id],
      );
      await client.query(`UPDATE ${SCHEMA}.location SET city = 'edited' WHERE location_id = $1`, [
        address.location_id,
      ]);
      const providerName = async () =>
        (
          await client.query<{ provider_name: string }>(
            `SELECT provider_name FROM ${SCHEMA}.provider WHERE provider_id = $1`,
            [provider.provider_id],
          )
        ).rows[0].provider_name;
      const city = async () =>
        (
          await client.query<{ city: string }>(
            `SELECT city FROM ${SCHEMA}.location WHERE location_id = $1`,
            [address.location_id],
          )
        ).rows[0].city;

      const second = await load();
      expect(second.schemaCreated).toBe(false);
      expect(second.unchangedPatients).toBe(first.patients);
      expect(first.unchangedSharedResources).toBe(0);
      expect(second.unchangedSharedResources).toBeGreaterThan(0);
      expect(second.batches).toBe(0);
      expect(await counts()).toEqual(before);
      expect(await count('_fhir_source_id')).toBe(ids);
      // Neither the unchanged shared resources nor the unchanged patients are mapped again.
      expect(await providerName()).toBe('edited');
      expect(await city()).toBe('edited');

      const full = await load(undefined, SCHEMA, undefined, true);
      expect(full.unchangedPatients).toBe(0);
      expect(full.unchangedSharedResources).toBe(0);
      expect(await counts()).toEqual(before);
      expect(await providerName()).toBe(provider.provider_name);
      expect(await city()).toBe(address.city);
      // A run stopped among the shared slices left one slice's digest unrecorded: the next
      // run rewrites every slice (and restores the hand-edited provider), then skips them.
      await client.query(
        `UPDATE ${SCHEMA}.provider SET provider_name = 'edited' WHERE provider_id = $1`,
        [provider.provider_id],
      );
      await client.query(
        `DELETE FROM ${SCHEMA}._fhir_patient_digest WHERE patient_key = '#shared/0'`,
      );
      const resumed = await load();
      expect(resumed.unchangedSharedResources).toBe(0);
      expect(resumed.unchangedPatients).toBe(first.patients);
      expect(await providerName()).toBe(provider.provider_name);
      expect(await counts()).toEqual(before);
      expect(await count('_fhir_shared_owned')).toBeGreaterThan(0);
      expect((await load()).unchangedSharedResources).toBe(second.unchangedSharedResources);
      // Staging is cleared once a run ends.
      expect(await count('_fhir_load_resource')).toBe(0);
      expect(await count('_fhir_load_batch')).toBe(0);
    }, 300_000);

    it('rewrites only the patient whose resources changed', async () => {
      const changed = join(fixtures, 'one-patient-changed');
      mkdirSync(changed);
      const files = readdirSync(BUNDLES).filter((name) => name.endsWith('.json.gz'));
      for (const name of files.slice(1))
        writeFileSync(join(changed, name), readFileSync(join(BUNDLES, name)));
      // One patient's conditions now carry another onset date.
      const bundle = JSON.parse(gunzipSync(readFileSync(join(BUNDLES, files[0]))).toString()) as {
        entry: { resource: Record<string, unknown> }[];
      };
      const conditions = bundle.entry
        .map((entry) => entry.resource)
        .filter((resource) => resource.resourceType === 'Condition' && resource.onsetDateTime);
      expect(conditions.length).toBeGreaterThan(0);
      for (const condition of conditions) condition.onsetDateTime = '1901-02-03T00:00:00Z';
      writeFileSync(join(changed, files[0].replace(/\.gz$/, '')), JSON.stringify(bundle));
      const before = await counts();
      // The shared slices' rows, as they wrote them: the changed patient's batch, which
      // sees only some of the shared resources, must not overwrite them.
      const sharedRows = async () =>
        (
          await client.query<{ provider: string; care_site: string }>(
            `SELECT (SELECT md5(string_agg(p::text, ',' ORDER BY provider_id)) FROM ${SCHEMA}.provider p) AS provider,
                    (SELECT md5(string_agg(c::text, ',' ORDER BY care_site_id)) FROM ${SCHEMA}.care_site c) AS care_site`,
          )
        ).rows[0];
      const sharedBefore = await sharedRows();

      const rerun = await load({ kind: 'bundles', directory: changed });
      expect(rerun.unchangedPatients).toBe(first.patients - 1);
      expect(rerun.unchangedSharedResources).toBeGreaterThan(0);
      expect(await counts()).toEqual(before);
      expect(await sharedRows()).toEqual(sharedBefore);
      // Conditions land in condition_occurrence or, by their concept's domain, elsewhere.
      const moved = await client.query(
        `SELECT count(*) AS n FROM ${SCHEMA}.condition_occurrence WHERE condition_start_date = '1901-02-03'`,
      );
      expect(Number(moved.rows[0].n)).toBeGreaterThan(0);
    }, 300_000);

    it('completes providers across slices of shared resources', async () => {
      // 4,764 shared resources in slices of 700: many a PractitionerRole lands in another
      // slice than its Practitioner, and must still complete the provider row.
      const sliced = await load(undefined, 'sliced', 700);
      expect(sliced.batches).toBeGreaterThan(first.batches + 5);
      const providers = (schema: string) =>
        client
          .query<Record<string, string | number | null>>(
            `SELECT p.provider_source_value, p.provider_name, p.npi, p.specialty_concept_id,
                    p.specialty_source_value, c.care_site_source_value
               FROM ${schema}.provider p LEFT JOIN ${schema}.care_site c USING (care_site_id)
              ORDER BY p.provider_source_value`,
          )
          .then((result) => result.rows);
      const whole = await providers(SCHEMA);
      expect(whole.filter((row) => row.specialty_source_value !== null).length).toBeGreaterThan(
        1000,
      );
      expect(await providers('sliced')).toEqual(whole);
    }, 300_000);

    it('refuses a second load into a schema another load is writing', async () => {
      const outcomes = await Promise.allSettled([load(), load()]);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0].reason).toMatchObject({
        code: 'OMOP.LOAD_IN_PROGRESS',
        status: 409,
      });
    }, 300_000);

    it('stops and names the batch when the target refuses its rows', async () => {
      await client.query(
        `ALTER TABLE ${SCHEMA}.observation_period ADD CONSTRAINT no_periods CHECK (observation_period_id < 0) NOT VALID`,
      );
      try {
        // In full: an incremental run would skip every (unchanged) patient.
        await expect(load(undefined, SCHEMA, undefined, true)).rejects.toMatchObject({
          code: 'OMOP.LOAD_FAILED',
          message: expect.stringMatching(/The load stopped: batch \d+: .*no_periods/),
        });
      } finally {
        await client.query(`ALTER TABLE ${SCHEMA}.observation_period DROP CONSTRAINT no_periods`);
      }
    }, 300_000);

    it('skips lines that are not resources, and reports resources whose patient is absent', async () => {
      const directory = join(fixtures, 'ndjson');
      mkdirSync(directory);
      const patient = {
        resourceType: 'Patient',
        id: 'p1',
        gender: 'female',
        birthDate: '1970-05-06',
      };
      writeFileSync(
        join(directory, 'Patient.ndjson'),
        [JSON.stringify(patient), 'not json {', '{"exportId":"x"}', ''].join('\n'),
      );
      const condition = (id: string, subject: string) => ({
        resourceType: 'Condition',
        id,
        subject: { reference: subject },
        code: { coding: [{ system: 'http://snomed.info/sct', code: '38341003' }] },
        onsetDateTime: '2020-01-02',
      });
      writeFileSync(
        join(directory, 'Condition.ndjson.gz'),
        gzipSync(
          [condition('c1', 'Patient/p1'), condition('c2', 'Patient/ghost')]
            .map((item) => JSON.stringify(item))
            .join('\n'),
        ),
      );
      writeFileSync(join(directory, 'notes.txt'), 'ignored: not an NDJSON file');

      const summary = await load({ kind: 'ndjson', directory }, 'edge');
      expect(summary.files).toBe(2);
      expect(summary.resources).toBe(3);
      expect(summary.patients).toBe(1);
      expect(summary.skipped).toEqual({
        'Patient.ndjson: not JSON': 1,
        'Patient.ndjson: not a FHIR resource': 1,
      });
      expect(summary.tables.person).toBe(1);
      expect(await count('person', 'edge')).toBe(1);
      const conditions = await client.query(
        `SELECT c.person_id, p.person_source_value FROM edge.condition_occurrence c JOIN edge.person p USING (person_id)`,
      );
      expect(conditions.rows).toHaveLength(1);
      // The Condition of a patient the input lacks cannot be written (person_id is required): it is reported.
      expect(Object.entries(summary.dropped)).toEqual([
        [expect.stringMatching(/^Condition: .*Patient/), 1],
      ]);
    }, 300_000);

    it('reads Bundles, skipping entries that are not resources and files that are not JSON', async () => {
      const directory = join(fixtures, 'bundles');
      mkdirSync(directory);
      const bundle = {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          1,
          null,
          {
            fullUrl: 'urn:uuid:0c3c1f4e-1111-4a5b-9c1d-000000000001',
            resource: { resourceType: 'Patient', gender: 'male', birthDate: '1980-01-01' },
          },
          {
            resource: {
              resourceType: 'Encounter',
              id: 'e1',
              status: 'finished',
              class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
              subject: { reference: 'urn:uuid:0c3c1f4e-1111-4a5b-9c1d-000000000001' },
              period: { start: '2021-03-04T10:00:00Z', end: '2021-03-04T11:00:00Z' },
            },
          },
        ],
      };
      writeFileSync(join(directory, 'patient.json.gz'), gzipSync(JSON.stringify(bundle)));
      writeFileSync(join(directory, 'broken.json'), '{"resourceType": "Bundle", ');
      const summary = await load({ kind: 'bundles', directory }, 'edge_bundles');
      expect(summary.skipped).toEqual({
        'broken.json: not JSON': 1,
        'patient.json.gz: Bundle entry without a resource': 2,
      });
      expect(summary.patients).toBe(1);
      expect(await count('person', 'edge_bundles')).toBe(1);
      const visits = await client.query(
        `SELECT v.person_id = p.person_id AS same FROM edge_bundles.visit_occurrence v, edge_bundles.person p`,
      );
      expect(visits.rows).toEqual([{ same: true }]);
    }, 300_000);
  },
);
