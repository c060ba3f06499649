import { existsSync } from 'node:fs';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshBuiltinSystemsCommand } from '@app/construe';
import { ImportAthenaCommand, ImportPublisherFileCommand } from '@app/vocabulary';
import { call, listAll, type Api } from '../support/construe-client.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

const REFERENCE = new URL('../../../shared/reference/', import.meta.url).pathname;
const ATHENA = `${REFERENCE}omop/vocab/athena-subset`;
const ICD10CM = `${REFERENCE}nlp/codes/icd10cm-order-Jan-2021.txt.gz`;
const available = existsSync(ATHENA) && existsSync(ICD10CM);

/** The code table's keys, indexes and foreign key, as the catalog spells them. */
const CODE_TABLE_DEFINITIONS_SQL = `
  SELECT indexdef AS definition FROM pg_indexes WHERE tablename = 'construe_code'
  UNION ALL
  SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'construe_code'::regclass
  ORDER BY definition`;

/** A builtin system's stored codes with what text search reads from them, in system order. */
const SYSTEM_CODES_SQL = `
  SELECT c.seq, c.code, c.code_key, c.description, c.synonyms, c.context
  FROM construe_code c JOIN construe_code_system s ON s.id = c.system_id
  WHERE s.builtin AND s.name = $1 ORDER BY c.seq`;
if (!available)
  console.warn(`Skipping builtin code system tests: reference data not found under ${REFERENCE}`);

describe.skipIf(!available).each(PROFILES)(
  'construe: builtin systems after vocab:import (%s profile)',
  (profile) => {
    let app: TestApp;
    let api: Api;
    let definitionsBefore: unknown[];

    beforeAll(async () => {
      // No job consumption here: the test needs no embeddings, and closing a BullMQ worker
      // waits for its active job (all of ICD-10-CM).
      app = await startTestApp(profile, { RUN_WORKER_IN_API: 'false' });
      api = {
        baseUrl: app.baseUrl,
        token: await app.token(await app.createClient('research', 'free')),
      };
      const commands = app.app.get(CommandBus);
      definitionsBefore = await app.app.get(DataSource).query(CODE_TABLE_DEFINITIONS_SQL);
      const athena = await commands.execute(new ImportAthenaCommand(ATHENA));
      const icd = await commands.execute(
        new ImportPublisherFileCommand('icd10cm', ICD10CM, 'ICD10CM FY2021'),
      );
      await commands.execute(
        new RefreshBuiltinSystemsCommand([...athena.vocabularyIds, icd.vocabularyId]),
      );
    }, 240_000);

    afterAll(async () => {
      await app?.close();
    });

    it('lists the loaded builtin systems with their releases', async () => {
      const { body } = await call(api, 'GET', '/construe/codes/systems');
      const byName = Object.fromEntries(
        body.systems.map((system: { name: string }) => [system.name, system]),
      );
      expect(byName['ICD-10-CM']).toMatchObject({
        builtin: true,
        version: 'ICD10CM FY2021',
        code_count: 95_358,
      });
      expect(byName.LOINC).toMatchObject({ builtin: true, version: '2.65' });
      expect(byName.SNOMED_CT_US_LITE.code_count).toBeGreaterThan(500);
      expect(byName.CPT).toMatchObject({ builtin: true, version: 'not-loaded', code_count: 0 });
    });

    it('finds E11.9 written with or without its dot', async () => {
      for (const spelling of ['E11.9', 'E119', 'e119']) {
        const { status, body } = await call(api, 'GET', `/construe/codes/ICD-10-CM/${spelling}`);
        expect(status).toBe(200);
        expect(body).toMatchObject({
          code: 'E11.9',
          description: 'Type 2 diabetes mellitus without complications',
        });
      }
      const search = await call(api, 'GET', '/construe/codes/ICD-10-CM/search/text?q=E119&limit=3');
      expect(search.body.results[0].code).toBe('E11.9');
    });

    it('lists and searches builtin LOINC and SNOMED codes', async () => {
      const loinc = await listAll(api, 'LOINC', '2.65', 500);
      expect(new Set(loinc.codes).size).toBe(loinc.codes.length);
      expect(loinc.codes).toContain('8480-6');
      expect([...loinc.codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(loinc.codes);

      const systolic = await call(
        api,
        'GET',
        '/construe/codes/LOINC/search/text?q=systolic%20blood%20pressure&limit=5',
      );
      expect(systolic.body.results.map((result: { code: string }) => result.code)).toContain(
        '8480-6',
      );

      const snomed = await call(
        api,
        'GET',
        '/construe/codes/SNOMED_CT_US_LITE/search/text?q=hypertension&limit=10',
      );
      expect(snomed.status).toBe(200);
      expect(snomed.body.results.length).toBeGreaterThan(2);
      // Codes named by the word come first; codes below a hypertensive disorder (found by
      // their parent concept's name) may follow.
      expect(
        snomed.body.results
          .slice(0, 3)
          .every((result: { description: string }) => /hypertens/i.test(result.description)),
      ).toBe(true);
    });

    it('types are typo tolerant over all of ICD-10-CM', async () => {
      const { body } = await call(
        api,
        'GET',
        '/construe/codes/ICD-10-CM/search/text?q=type%202%20diabetis%20without%20complications&limit=5',
      );
      expect(body.results.map((result: { code: string }) => result.code)).toContain('E11.9');
    });

    it('rebuilds one system next to the others into the same codes, the code table keeping its keys and indexes', async () => {
      // The first refresh wrote every system at once (embedded: with the code table's keys
      // and indexes dropped and built at the end); SNOMED alone, next to ICD-10-CM's 95,358
      // codes, is written row by row into the indexed table.
      const database = app.app.get(DataSource);
      const first = await database.query(SYSTEM_CODES_SQL, ['SNOMED_CT_US_LITE']);
      const refreshed = await app.app
        .get(CommandBus)
        .execute(new RefreshBuiltinSystemsCommand(['SNOMED']));
      expect(refreshed.map((system: { name: string }) => system.name)).toEqual([
        'SNOMED_CT_US_LITE',
      ]);
      expect(first.length).toBeGreaterThan(500);
      expect(await database.query(SYSTEM_CODES_SQL, ['SNOMED_CT_US_LITE'])).toEqual(first);
      expect(await database.query(CODE_TABLE_DEFINITIONS_SQL)).toEqual(definitionsBefore);
    });
  },
);
