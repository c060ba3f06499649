import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MIGRATIONS } from '@app/migrations';
import {
  danglingForeignKeys,
  MapFhirToOmopQuery,
  OmopModule,
  type OmopMappingResult,
} from '@app/omop';
import { DatabaseModule, JobsModule } from '@app/platform';
import { ConfigModule, loadConfig } from '@app/shared';
import { ImportAthenaCommand, VocabularyModule } from '@app/vocabulary';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';

type Json = Record<string, unknown>;

const REFERENCE = new URL('../../../shared/reference/', import.meta.url).pathname;
const ATHENA = `${REFERENCE}omop/vocab/athena-subset`;
const BULK = `${REFERENCE}fhir/synthea-bulk-ndjson-13-patients/`;
const BUNDLES = `${REFERENCE}fhir/synthea-hiv-bundles-14-patients/`;
const available = [ATHENA, BULK, BUNDLES].every((path) => existsSync(path));
if (!available)
  console.warn(`Skipping the fhir2omop mapper integration tests: ${REFERENCE} not found`);

function bulkBundle(): Json {
  const resources = readdirSync(BULK)
    .filter((file) => file.endsWith('.ndjson.gz') && !file.startsWith('log'))
    .flatMap((file) =>
      gunzipSync(readFileSync(`${BULK}${file}`))
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Json),
    );
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: resources.map((resource) => ({ resource })),
  };
}

function hivBundles(): { file: string; bundle: Json }[] {
  return readdirSync(BUNDLES)
    .filter((file) => file.endsWith('.json.gz'))
    .sort()
    .map((file) => ({
      file,
      bundle: JSON.parse(gunzipSync(readFileSync(`${BUNDLES}${file}`)).toString('utf8')) as Json,
    }));
}

function selected(result: OmopMappingResult, code: string) {
  return result.mappings.filter((mapping) => mapping.source_code === code && mapping.selected);
}

describe.skipIf(!available)(
  'fhir2omop over the Athena subset in PostgreSQL, on Synthea data',
  () => {
    let database: TestDatabase;
    let context: INestApplicationContext;
    let map: (input: Json) => Promise<OmopMappingResult>;

    beforeAll(async () => {
      database = await createTestDatabase();
      const config = loadConfig(serverEnv(database.url));
      const module = await Test.createTestingModule({
        imports: [
          ConfigModule.forRoot(config),
          CqrsModule.forRoot(),
          DatabaseModule.forRoot({ migrations: ALL_MIGRATIONS, migrateOnStart: true }),
          JobsModule.forRoot(config, { consume: false }),
          VocabularyModule,
          OmopModule,
        ],
      }).compile();
      context = await module.init();
      await context.get(CommandBus).execute(new ImportAthenaCommand(ATHENA));
      map = (input) => context.get(QueryBus).execute(new MapFhirToOmopQuery(input));
    }, 300_000);

    afterAll(async () => {
      await context?.close();
      await database?.drop();
    });

    it('maps the 13-patient NDJSON export: conditional references resolve, every foreign key resolves', async () => {
      const result = await map(bulkBundle());
      expect(result.tables.person).toHaveLength(13);
      expect(result.tables.observation_period).toHaveLength(13);
      expect(result.tables.visit_occurrence).toHaveLength(1215);
      expect(danglingForeignKeys(result.tables)).toEqual([]);
      // Synthea writes Practitioner?identifier=… and PractitionerRole identifiers; all are in the export.
      expect(
        result.diagnostics.filter((diagnostic) => diagnostic.outcome === 'UNRESOLVED'),
      ).toEqual([]);
      const visitsWithProvider = result.tables.visit_occurrence!.filter(
        (visit) => visit.provider_id !== null,
      );
      expect(visitsWithProvider.length).toBe(1215);
      expect(result.vocab_version).toBe('v5.0 18-JAN-19');
      expect(result.summary.codes_already_standard).toBeGreaterThan(4000);
      expect(result.summary.off_vocab_rate).toBeLessThan(0.1);
      // Every DocumentReference becomes a note and every Device a device exposure (issue #16).
      const dropped = new Set(result.dropped.map((drop) => drop.resource_type));
      expect([...dropped]).toEqual([]);
      expect(result.tables.note).toHaveLength(1215);
      expect(result.tables.device_exposure!.length).toBeGreaterThanOrEqual(16);
      // Synthea's social findings coded as conditions land in observation and say so.
      expect(
        result.mappings.some(
          (mapping) =>
            mapping.omop_table === 'observation' && mapping.resolution.status === 'DOMAIN_MISMATCH',
        ),
      ).toBe(true);
    });

    it('maps each of the 16 HIV bundles with no exception and consistent keys', async () => {
      for (const { file, bundle } of hivBundles()) {
        const result = await map(bundle);
        expect(danglingForeignKeys(result.tables), file).toEqual([]);
        if (!file.startsWith('hospital') && !file.startsWith('practitioner')) {
          expect(result.tables.person, file).toHaveLength(1);
          // Their CIEL codes are labelled as LOINC/SNOMED: UNSUPPORTED_CODE, never a crash.
          expect(
            result.mappings.some(
              (mapping) => mapping.resolution.reason_code === 'UNSUPPORTED_CODE',
            ),
            file,
          ).toBe(true);
        }
      }
    });

    it('reports SNOMED 8517006 as AMBIGUOUS and a concept without Maps to as NO_STANDARD_MAP', async () => {
      const patient = { resourceType: 'Patient', id: 'p', gender: 'male', birthDate: '1950-01-01' };
      const observation = (id: string, code: string) => ({
        resourceType: 'Observation',
        id,
        status: 'final',
        subject: { reference: 'Patient/p' },
        code: { coding: [{ system: 'http://snomed.info/sct', code }] },
        effectiveDateTime: '2020-01-01',
      });
      const result = await map({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [patient, observation('smoker', '8517006'), observation('urine', '167297006')].map(
          (resource) => ({ resource }),
        ),
      });
      const [ambiguous] = selected(result, '8517006');
      expect(ambiguous).toMatchObject({
        mapping_status: 'MAPPED',
        target_code: 'OMOP5181833',
        resolution: {
          status: 'AMBIGUOUS',
          reason_code: 'AMBIGUOUS',
          via: 'DIRECT',
          paths: [
            {
              mapping_status: 'MAPPED',
              source_concept_id: 4310250,
              source_vocabulary: 'SNOMED',
              source_code: '8517006',
            },
          ],
        },
      });
      expect(ambiguous.note).toContain('1340204');
      const [unmapped] = selected(result, '167297006');
      expect(unmapped).toMatchObject({
        mapping_status: 'UNMAPPED',
        resolution: { status: 'UNRESOLVED', reason_code: 'NO_STANDARD_MAP' },
      });
      expect(result.tables.measurement).toEqual([
        expect.objectContaining({
          measurement_concept_id: 0,
          measurement_source_concept_id: 4041884,
        }),
      ]);
      expect(JSON.stringify(result.mappings)).not.toContain('UMLS_BRIDGE');
    });
  },
);
