import { existsSync } from 'node:fs';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MIGRATIONS } from '@app/migrations';
import { DatabaseModule } from '@app/platform';
import { ConfigModule, loadConfig } from '@app/shared';
import { ImportAthenaCommand, VocabularyLookup, VocabularyModule } from '@app/vocabulary';
import { DataSource } from 'typeorm';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';

const ATHENA = new URL('../../../shared/reference/omop/vocab/athena-subset', import.meta.url)
  .pathname;
const available = existsSync(ATHENA);
if (!available) console.warn(`Skipping vocabulary lookup tests: ${ATHENA} not found`);

describe.skipIf(!available)(
  'vocabulary store on a real PostgreSQL with the Athena reference subset',
  () => {
    let database: TestDatabase;
    let context: INestApplicationContext;
    let lookup: VocabularyLookup;

    beforeAll(async () => {
      database = await createTestDatabase();
      const config = loadConfig(serverEnv(database.url));
      const module = await Test.createTestingModule({
        imports: [
          ConfigModule.forRoot(config),
          CqrsModule.forRoot(),
          DatabaseModule.forRoot({ migrations: ALL_MIGRATIONS, migrateOnStart: true }),
          VocabularyModule,
        ],
      }).compile();
      context = await module.init();
      await context.get(CommandBus).execute(new ImportAthenaCommand(ATHENA));
      lookup = context.get(VocabularyLookup);
    }, 120_000);

    afterAll(async () => {
      await context?.close();
      await database?.drop();
    });

    it('loads every row once, and a second import changes no counts', async () => {
      const dataSource = context.get(DataSource);
      const counts = async () =>
        dataSource.query<{ concepts: string; relationships: string; ancestors: string }[]>(
          'SELECT (SELECT count(*) FROM vocab.concept) AS concepts, (SELECT count(*) FROM vocab.concept_relationship) AS relationships, (SELECT count(*) FROM vocab.concept_ancestor) AS ancestors',
        );
      const first = await counts();
      // CONCEPT_ANCESTOR.csv has 65,690 rows but 63,158 distinct pairs: the subset is a union
      // of sources that repeat some pairs; the store keeps one row per key.
      expect(first[0]).toEqual({ concepts: '2559', relationships: '5306', ancestors: '63158' });
      await context.get(CommandBus).execute(new ImportAthenaCommand(ATHENA));
      expect(await counts()).toEqual(first);
    });

    it('maps an ICD-10-CM code to its standard SNOMED concept in the Condition domain', async () => {
      const system = 'http://hl7.org/fhir/sid/icd-10-cm';
      const [source] = await lookup.conceptsByCode(lookup.vocabularyIdForSystem(system)!, 'I10');
      expect(source).toMatchObject({
        conceptId: 35207668,
        standardConcept: null,
        domainId: 'Condition',
      });
      const targets = await lookup.standardTargets(source.conceptId);
      expect(
        targets.map((target) => [target.conceptId, target.vocabularyId, target.standardConcept]),
      ).toEqual([[320128, 'SNOMED', 'S']]);
      expect(await lookup.domainOf(320128)).toBe('Condition');
    });

    it('returns both targets of an ambiguous source (SNOMED 8517006)', async () => {
      const [exSmoker] = await lookup.conceptsByCode('SNOMED', '8517006');
      const targets = await lookup.standardTargets(exSmoker.conceptId);
      expect(targets.map((target) => target.conceptId)).toEqual([903651, 1340204]);
    });

    it('returns no target for a non-standard concept without Maps to', async () => {
      const [urgentCare] = await lookup.conceptsByCode('SNOMED', '702927004');
      expect(urgentCare.standardConcept).toBeNull();
      expect(await lookup.standardTargets(urgentCare.conceptId)).toEqual([]);
    });

    it('gives ancestors ordered by distance, and the vocabulary release', async () => {
      const ancestors = await lookup.ancestors(313217);
      expect(ancestors.length).toBeGreaterThan(0);
      const levels = ancestors.map((ancestor) => ancestor.minLevels);
      expect([...levels].sort((a, b) => a - b)).toEqual(levels);
      expect(await lookup.vocabularyVersion('LOINC')).toBe('2.65');
    });

    it('serves repeated lookups from its cache', async () => {
      const dataSource = context.get(DataSource);
      await lookup.conceptsByCode('LOINC', '8480-6');
      let queries = 0;
      const original = dataSource.query.bind(dataSource);
      dataSource.query = ((...args: Parameters<DataSource['query']>) => {
        queries += 1;
        return original(...args);
      }) as DataSource['query'];
      try {
        const [systolic] = await lookup.conceptsByCode('LOINC', '8480-6');
        expect(systolic.conceptName).toMatch(/Systolic blood pressure/);
        expect(await lookup.concept(systolic.conceptId)).toEqual(systolic);
        expect(queries).toBe(0);
      } finally {
        dataSource.query = original;
      }
    });
  },
);
