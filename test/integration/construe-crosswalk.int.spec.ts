import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrosswalkCodeHandler, CrosswalkCodeQuery } from '@app/construe';
import { ALL_MIGRATIONS } from '@app/migrations';
import { DatabaseModule } from '@app/platform';
import { ConfigModule, loadConfig } from '@app/shared';
import { ImportAthenaCommand, VocabularyModule } from '@app/vocabulary';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';

const ATHENA = new URL('../../../shared/reference/omop/vocab/athena-subset', import.meta.url)
  .pathname;
const available = existsSync(ATHENA);
if (!available) console.warn(`Skipping crosswalk agreement tests: ${ATHENA} not found`);

const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
const SNOMED = 'http://snomed.info/sct';

function rows(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(join(ATHENA, file), 'utf8').trimEnd().split('\n');
  const names = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
  });
}

/** Every valid ICD10CM → SNOMED `Maps to` row of the subset, read from its files. */
function mapsToPairs(): { icd: string; snomed: string }[] {
  const concepts = new Map(rows('CONCEPT.csv').map((row) => [row.concept_id, row]));
  const pairs: { icd: string; snomed: string }[] = [];
  for (const row of rows('CONCEPT_RELATIONSHIP.csv')) {
    if (row.relationship_id !== 'Maps to' || row.invalid_reason) continue;
    const source = concepts.get(row.concept_id_1);
    const target = concepts.get(row.concept_id_2);
    if (source?.vocabulary_id !== 'ICD10CM' || target?.vocabulary_id !== 'SNOMED') continue;
    if (source.invalid_reason || target.invalid_reason) continue;
    pairs.push({ icd: source.concept_code, snomed: target.concept_code });
  }
  return pairs;
}

describe.skipIf(!available)('crosswalk against the Athena subset (real PostgreSQL)', () => {
  let database: TestDatabase;
  let context: INestApplicationContext;
  let queries: QueryBus;

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
      providers: [CrosswalkCodeHandler],
    }).compile();
    context = await module.init();
    await context.get(CommandBus).execute(new ImportAthenaCommand(ATHENA));
    queries = context.get(QueryBus);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await database?.drop();
  });

  it('agrees with every ICD10CM → SNOMED Maps to row, both ways', async () => {
    const pairs = mapsToPairs();
    // The subset holds few ICD-10-CM concepts (one, in the copy this was written against).
    expect(pairs.length).toBeGreaterThan(0);
    const forward: string[] = [];
    const backward: string[] = [];
    for (const { icd, snomed } of pairs) {
      const there = await queries.execute(new CrosswalkCodeQuery(ICD10CM, icd, [SNOMED]));
      if (!there.targets[0].matches.some((match) => match.code === snomed)) forward.push(icd);
      const back = await queries.execute(new CrosswalkCodeQuery(SNOMED, snomed, [ICD10CM]));
      if (!back.targets[0].matches.some((match) => match.code === icd)) backward.push(snomed);
    }
    console.info(
      `crosswalk agreement on ${pairs.length} Maps to rows: ICD10CM→SNOMED ${pairs.length - forward.length}/${pairs.length}, SNOMED→ICD10CM ${pairs.length - backward.length}/${pairs.length}`,
    );
    expect(forward).toEqual([]);
    expect(backward).toEqual([]);
  }, 60_000);

  it('names the release, reports misses per item and per target, and refuses unknown systems', async () => {
    const hit = await queries.execute(
      new CrosswalkCodeQuery(ICD10CM, 'I10', [SNOMED, 'http://example.org/none']),
    );
    expect(hit.resolved_umls_release).toBe('v5.0 18-JAN-19');
    expect(hit.targets[0].matches).toContainEqual(
      expect.objectContaining({ code: '59621000', cui: '320128' }),
    );
    expect(hit.targets[1]).toEqual({
      system: 'http://example.org/none',
      matches: [],
      reason_code: 'UNSUPPORTED_TARGET_SYSTEM',
    });
    const miss = await queries.execute(new CrosswalkCodeQuery(ICD10CM, 'Z99.999', [SNOMED]));
    expect(miss.reason_code).toBe('NO_SOURCE_CUI');
    expect(miss.targets[0].reason_code).toBe('NO_TARGET_MATCHES');
    await expect(
      queries.execute(new CrosswalkCodeQuery('http://example.org/none', 'X', [SNOMED])),
    ).rejects.toMatchObject({ status: 400 });
  });
});
