import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MIGRATIONS } from '@app/migrations';
import { DatabaseModule } from '@app/platform';
import { ConfigModule, loadConfig } from '@app/shared';
import { ImportAthenaCommand, VocabularyLookup, VocabularyModule } from '@app/vocabulary';
import {
  createTestDatabase,
  serverEnv,
  TEST_ENCRYPTION_KEY,
  TEST_JWT_SECRET,
  type TestDatabase,
} from '../support/server-resources.js';

const ATHENA = new URL('../../../shared/reference/omop/vocab/athena-subset', import.meta.url)
  .pathname;
const available = existsSync(ATHENA);
if (!available) console.warn(`Skipping class member tests: ${ATHENA} not found`);

/** OMOP concept ids of the Athena subset: SNOMED "Diabetes mellitus" and two concepts below it. */
const DIABETES_MELLITUS = 201820;
const TYPE_2_DIABETES = 201826;
const DIABETES_DUE_TO_CYSTIC_FIBROSIS = 4144583;

/** The store of each profile: a database of the test server, or an embedded data directory. */
async function store(
  profile: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (profile === 'server') {
    const database: TestDatabase = await createTestDatabase();
    return { env: serverEnv(database.url), drop: () => database.drop() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'class-members-'));
  return {
    env: {
      DATA_DIR: dir,
      JWT_SECRET: TEST_JWT_SECRET,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      LOG_LEVEL: 'silent',
    },
    drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

describe.skipIf(!available).each(['embedded', 'server'])(
  'class members and mappings in the loaded vocabulary (%s profile)',
  (profile) => {
    let database: { drop: () => Promise<void> };
    let context: INestApplicationContext;
    let lookup: VocabularyLookup;

    beforeAll(async () => {
      const made = await store(profile);
      database = made;
      const config = loadConfig(made.env);
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

    it('finds members through CONCEPT_ANCESTOR and through Subsumes rows, never the class itself', async () => {
      const members = await lookup.descendants(DIABETES_MELLITUS, 100);
      const ids = members.map((concept) => concept.conceptId);
      // The subset holds the first link only in CONCEPT_ANCESTOR, the second only as Subsumes.
      expect(ids).toContain(DIABETES_DUE_TO_CYSTIC_FIBROSIS);
      expect(ids).toContain(TYPE_2_DIABETES);
      expect(ids).not.toContain(DIABETES_MELLITUS);
      expect(members.every((concept) => concept.invalidReason === null)).toBe(true);
    });

    it('reads a Maps to row pointing at a standard as Mapped from, when the subset lacks that row', async () => {
      // SNOMED 1172433007 (37152083) maps to RxNorm 2049119 (1559927); the subset has no reverse row.
      const links = await lookup.relationships(1559927);
      expect(links).toContainEqual(
        expect.objectContaining({
          relationshipId: 'Mapped from',
          concept: expect.objectContaining({ conceptId: 37152083 }),
        }),
      );
    });

    it('honours the limit and answers none for a leaf', async () => {
      expect(await lookup.descendants(DIABETES_MELLITUS, 1)).toHaveLength(1);
      expect(await lookup.descendants(DIABETES_DUE_TO_CYSTIC_FIBROSIS, 100)).toEqual([]);
    });
  },
);
