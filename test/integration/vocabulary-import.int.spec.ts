import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MIGRATIONS } from '@app/migrations';
import { DatabaseModule } from '@app/platform';
import { ConfigModule, loadConfig } from '@app/shared';
import {
  ImportAthenaCommand,
  ImportPublisherFileCommand,
  VocabularyLookup,
  VocabularyModule,
} from '@app/vocabulary';
import { DataSource } from 'typeorm';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';

const tsv = (rows: string[][], newline = '\n') =>
  rows.map((row) => row.join('\t')).join(newline) + newline;

/**
 * A tiny Athena download written by the test: gzipped with Windows line breaks and blank
 * lines at the end, lower-case names, a reordered header, a column the table lacks.
 */
function writeAthenaFixture(directory: string): void {
  writeFileSync(
    join(directory, 'vocabulary.csv.gz'),
    gzipSync(
      tsv(
        [
          [
            'vocabulary_id',
            'vocabulary_name',
            'vocabulary_reference',
            'vocabulary_version',
            'vocabulary_concept_id',
          ],
          ['LOINC', 'LOINC', 'loinc.org', 'LOINC 2.99', '44819102'],
        ],
        '\r\n',
      ) + '\r\n\r\n',
    ),
  );
  writeFileSync(
    join(directory, 'CONCEPT.csv'),
    tsv([
      [
        'concept_code',
        'concept_id',
        'concept_name',
        'domain_id',
        'vocabulary_id',
        'concept_class_id',
        'standard_concept',
        'valid_start_date',
        'valid_end_date',
        'invalid_reason',
      ],
      [
        '8480-6',
        '3004249',
        'Systolic blood pressure',
        'Measurement',
        'LOINC',
        'Clinical Observation',
        'S',
        '19700101',
        '20991231',
        '',
      ],
      [
        'I10',
        '35207668',
        'Essential (primary) hypertension',
        'Condition',
        'ICD10CM',
        '3-char billing code',
        '',
        '20070101',
        '20991231',
        '',
      ],
      [
        '59621000',
        '320128',
        'Essential hypertension',
        'Condition',
        'SNOMED',
        'Disorder',
        'S',
        '20020131',
        '20991231',
        '',
      ],
    ]),
  );
  writeFileSync(
    join(directory, 'CONCEPT_RELATIONSHIP.txt'),
    tsv([
      [
        'concept_id_1',
        'concept_id_2',
        'relationship_id',
        'valid_start_date',
        'valid_end_date',
        'invalid_reason',
        'comment',
      ],
      ['35207668', '320128', 'Maps to', '19700101', '20991231', '', 'extra'],
      ['35207668', '3004249', 'Maps to', '19700101', '20200101', 'D', 'extra'],
    ]),
  );
}

describe('vocabulary importers on fixtures written by the test (real PostgreSQL)', () => {
  let database: TestDatabase;
  let context: INestApplicationContext;
  let fixtures: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    fixtures = mkdtempSync(join(tmpdir(), 'ci-athena-'));
    writeAthenaFixture(fixtures);
    const module = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(loadConfig(serverEnv(database.url))),
        CqrsModule.forRoot(),
        DatabaseModule.forRoot({ migrations: ALL_MIGRATIONS, migrateOnStart: true }),
        VocabularyModule,
      ],
    }).compile();
    context = await module.init();
  });

  afterAll(async () => {
    await context?.close();
    await database?.drop();
    rmSync(fixtures, { recursive: true, force: true });
  });

  it('imports whatever tables the folder holds, and ignores invalid Maps to rows in lookups', async () => {
    const summary = await context.get(CommandBus).execute(new ImportAthenaCommand(fixtures));
    expect(summary.tables).toEqual([
      { table: 'vocabulary', rows: 1 },
      { table: 'concept', rows: 3 },
      { table: 'concept_relationship', rows: 2 },
    ]);
    expect(summary.vocabularyIds).toEqual(['ICD10CM', 'LOINC', 'SNOMED']);
    const lookup = context.get(VocabularyLookup);
    const targets = await lookup.standardTargets(35207668);
    expect(targets.map((target) => target.conceptId)).toEqual([320128]);
    expect(await lookup.vocabularyVersion('LOINC')).toBe('LOINC 2.99');
  });

  it('refuses a folder without Athena files and a row with a bad date, naming the line', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'ci-empty-'));
    try {
      await expect(context.get(CommandBus).execute(new ImportAthenaCommand(empty))).rejects.toThrow(
        /No Athena vocabulary files/,
      );
      writeFileSync(
        join(empty, 'CONCEPT.csv'),
        tsv([
          [
            'concept_id',
            'concept_name',
            'domain_id',
            'vocabulary_id',
            'concept_class_id',
            'standard_concept',
            'concept_code',
            'valid_start_date',
            'valid_end_date',
            'invalid_reason',
          ],
          ['1', 'x', 'Condition', 'SNOMED', 'Disorder', 'S', '1', '2020', '20991231', ''],
        ]),
      );
      await expect(context.get(CommandBus).execute(new ImportAthenaCommand(empty))).rejects.toThrow(
        'CONCEPT line 2: valid_start_date: invalid input syntax for type date: "2020"',
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('loads a file repeating a key (last row wins) into an empty table and a filled one, rebuilding its indexes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ci-repeat-'));
    const header = ['concept_id', 'concept_synonym_name', 'language_concept_id'];
    const ancestorHeader = [
      'ancestor_concept_id',
      'descendant_concept_id',
      'min_levels_of_separation',
      'max_levels_of_separation',
    ];
    const dataSource = context.get(DataSource);
    const ancestors = () =>
      dataSource.query<{ d: number; max: number }[]>(
        'SELECT descendant_concept_id AS d, max_levels_of_separation AS max FROM vocab.concept_ancestor WHERE ancestor_concept_id = 1 ORDER BY 1',
      );
    const indexes = () =>
      dataSource.query<{ indexname: string }[]>(
        "SELECT indexname FROM pg_indexes WHERE schemaname = 'vocab' AND tablename = 'concept_ancestor' ORDER BY 1",
      );
    try {
      const before = await indexes();
      writeFileSync(
        join(folder, 'CONCEPT_SYNONYM.csv'),
        tsv([header, ['1', 'back\\slash', '4180186']]),
      );
      writeFileSync(
        join(folder, 'CONCEPT_ANCESTOR.csv'),
        tsv([ancestorHeader, ['1', '2', '1', '1'], ['1', '3', '1', '1'], ['1', '2', '1', '5']]),
      );
      const commands = context.get(CommandBus);
      await commands.execute(new ImportAthenaCommand(folder));
      expect(await ancestors()).toEqual([
        { d: 2, max: 5 },
        { d: 3, max: 1 },
      ]);
      expect(await indexes()).toEqual(before);
      expect(
        await dataSource.query(
          'SELECT concept_synonym_name AS name FROM vocab.concept_synonym WHERE concept_id = 1',
        ),
      ).toEqual([{ name: 'back\\slash' }]);

      writeFileSync(
        join(folder, 'CONCEPT_ANCESTOR.csv'),
        tsv([ancestorHeader, ['1', '3', '1', '7'], ['1', '4', '1', '1'], ['1', '3', '1', '2']]),
      );
      expect((await commands.execute(new ImportAthenaCommand(folder))).unchanged).toBe(false);
      expect((await commands.execute(new ImportAthenaCommand(folder))).unchanged).toBe(true);
      expect(await ancestors()).toEqual([
        { d: 2, max: 5 },
        { d: 3, max: 2 },
        { d: 4, max: 1 },
      ]);
      expect(await indexes()).toEqual(before);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('adds publisher codes as local concepts, keeps Athena concepts, and re-imports without duplicates', async () => {
    const loinc = join(fixtures, 'Loinc.csv');
    writeFileSync(
      loinc,
      '"LOINC_NUM","LONG_COMMON_NAME","SHORTNAME","STATUS"\n"8480-6","Systolic blood pressure (publisher)","BP sys","ACTIVE"\n"99999-9","Test analyte [Mass/volume] in Serum","Analyte","ACTIVE"\n"11111-1","Retired test","Old","DEPRECATED"\n',
    );
    const commands = context.get(CommandBus);
    await commands.execute(new ImportPublisherFileCommand('loinc', loinc, 'LOINC 2.99'));
    await commands.execute(new ImportPublisherFileCommand('loinc', loinc, 'LOINC 2.99'));
    const rows = await context.get(DataSource).query<
      {
        concept_id: number;
        concept_code: string;
        concept_name: string;
        invalid_reason: string | null;
      }[]
    >("SELECT concept_id, concept_code, concept_name, invalid_reason FROM vocab.concept WHERE vocabulary_id = 'LOINC' ORDER BY concept_code");
    expect(rows).toEqual([
      {
        concept_id: 2_000_000_002,
        concept_code: '11111-1',
        concept_name: 'Retired test',
        invalid_reason: 'D',
      },
      {
        concept_id: 3004249,
        concept_code: '8480-6',
        concept_name: 'Systolic blood pressure',
        invalid_reason: null,
      },
      {
        concept_id: 2_000_000_001,
        concept_code: '99999-9',
        concept_name: 'Test analyte [Mass/volume] in Serum',
        invalid_reason: null,
      },
    ]);
  });

  it('reads an ICD-10-CM order file and an HCPCS file', async () => {
    const order = join(fixtures, 'icd10cm-order.txt');
    const line = (n: number, code: string, billable: number, text: string) =>
      `${String(n).padStart(5, '0')} ${code.padEnd(7)} ${billable} ${text.padEnd(60)} ${text}`;
    writeFileSync(
      order,
      [
        line(1, 'E11', 0, 'Type 2 diabetes mellitus'),
        line(2, 'E119', 1, 'Type 2 diabetes mellitus without complications'),
      ].join('\r\n'),
    );
    const hcpcs = join(fixtures, 'hcpcs.csv');
    writeFileSync(
      hcpcs,
      'code,short_description,long_description,added_date,termination_date\nA0021,Outside state ambulance,"Ambulance service, outside state per mile",19850101,\n',
    );
    const commands = context.get(CommandBus);
    expect(
      await commands.execute(new ImportPublisherFileCommand('icd10cm', order, 'ICD10CM FY2099')),
    ).toEqual({ vocabularyId: 'ICD10CM', codes: 2, version: 'ICD10CM FY2099' });
    expect(
      (await commands.execute(new ImportPublisherFileCommand('hcpcs', hcpcs, 'HCPCS 2099'))).codes,
    ).toBe(1);
    const lookup = context.get(VocabularyLookup);
    const [e119] = await lookup.conceptsByCode('ICD10CM', 'E11.9');
    expect(e119).toMatchObject({
      conceptClassId: '4-char billing code',
      domainId: 'Condition',
      standardConcept: null,
    });
    expect(e119.conceptId).toBeGreaterThan(2_000_000_000);
    expect((await lookup.conceptsByCode('HCPCS', 'A0021'))[0].conceptName).toBe(
      'Ambulance service, outside state per mile',
    );
  });
});
