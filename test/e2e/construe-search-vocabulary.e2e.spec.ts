import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshBuiltinSystemsCommand } from '@app/construe';
import { call, type Api } from '../support/construe-client.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A vocabulary written for this test: two ICD-10-CM codes under one category, a SNOMED
 * concept linked to one of them by Maps to / Mapped from, a synonym row and an Is a parent.
 * Text search must find each code by words only the vocabulary links hold.
 */
const CONCEPTS: [number, string, string, string, string][] = [
  [900001, 'Other disorders of the outer ear', 'ICD10CM', 'X61', '3-char nonbill code'],
  [900002, 'Impacted cerumen', 'ICD10CM', 'X61.2', '4-char billing code'],
  [900003, 'Exostosis of outer ear canal', 'ICD10CM', 'X61.8', '4-char billing code'],
  [900010, 'Ceruminous plug of auditory canal', 'SNOMED', '9000010', 'Clinical Finding'],
  [900011, 'Disorder of auditory canal', 'SNOMED', '9000011', 'Clinical Finding'],
  // ICD-10 titles say abuse / dependence where DSM-5 says use disorder, mild / moderate.
  [900020, 'Opioid related disorders', 'ICD10CM', 'X11', '3-char nonbill code'],
  [900021, 'Opioid abuse, uncomplicated', 'ICD10CM', 'X11.10', '6-char billing code'],
  [900022, 'Opioid dependence, uncomplicated', 'ICD10CM', 'X11.20', '6-char billing code'],
  [900023, 'Opioid use, unspecified, uncomplicated', 'ICD10CM', 'X11.90', '6-char billing code'],
  [900024, 'Opioid use disorder, mild', 'SNOMED', '9000024', 'Clinical Finding'],
  [900025, 'Opioid abuse', 'SNOMED', '9000025', 'Clinical Finding'],
];
const RELATIONSHIPS: [number, number, string][] = [
  [900002, 900010, 'Maps to'],
  [900010, 900002, 'Mapped from'],
  [900010, 900011, 'Is a'],
];
const SYNONYMS: [number, string][] = [[900010, 'Earwax blockage']];

describe.each(PROFILES)('construe: text search over vocabulary links (%s profile)', (profile) => {
  let app: TestApp;
  let api: Api;

  const codes = async (system: string, q: string) => {
    const { status, body } = await call(
      api,
      'GET',
      `/construe/codes/${system}/search/text?q=${encodeURIComponent(q)}&limit=5`,
    );
    expect(status).toBe(200);
    return (body.results as { code: string }[]).map((result) => result.code);
  };

  beforeAll(async () => {
    app = await startTestApp(profile, { RUN_WORKER_IN_API: 'false' });
    api = {
      baseUrl: app.baseUrl,
      token: await app.token(await app.createClient('research', 'free')),
    };
    const database = app.app.get(DataSource);
    for (const vocabulary of ['ICD10CM', 'SNOMED']) {
      await database.query(
        `INSERT INTO vocab.vocabulary (vocabulary_id, vocabulary_name, vocabulary_version, vocabulary_concept_id)
         VALUES ($1, $1, 'test', 0) ON CONFLICT DO NOTHING`,
        [vocabulary],
      );
    }
    for (const [id, name, vocabulary, code, conceptClass] of CONCEPTS) {
      await database.query(
        `INSERT INTO vocab.concept (concept_id, concept_name, domain_id, vocabulary_id, concept_class_id,
                                    standard_concept, concept_code, valid_start_date, valid_end_date)
         VALUES ($1, $2, 'Condition', $3, $4, NULL, $5, DATE '2000-01-01', DATE '2099-12-31')`,
        [id, name, vocabulary, conceptClass, code],
      );
    }
    for (const [from, to, relationship] of RELATIONSHIPS) {
      await database.query(
        `INSERT INTO vocab.concept_relationship (concept_id_1, concept_id_2, relationship_id, valid_start_date, valid_end_date)
         VALUES ($1, $2, $3, DATE '2000-01-01', DATE '2099-12-31')`,
        [from, to, relationship],
      );
    }
    for (const [id, name] of SYNONYMS) {
      await database.query(
        'INSERT INTO vocab.concept_synonym (concept_id, concept_synonym_name, language_concept_id) VALUES ($1, $2, 4180186)',
        [id, name],
      );
    }
    await app.app.get(CommandBus).execute(new RefreshBuiltinSystemsCommand(['ICD10CM', 'SNOMED']));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('finds an ICD-10-CM code by the name of the SNOMED concept it maps to, and by that concept’s synonym', async () => {
    expect((await codes('ICD-10-CM', 'ceruminous plug'))[0]).toBe('X61.2');
    expect((await codes('ICD-10-CM', 'earwax blockage'))[0]).toBe('X61.2');
  });

  it('finds a SNOMED concept by the name of the ICD-10-CM code mapped from it', async () => {
    expect((await codes('SNOMED_CT_US_LITE', 'impacted cerumen'))[0]).toBe('9000010');
  });

  it('finds codes by the titles above them, the category itself first', async () => {
    const found = await codes('ICD-10-CM', 'disorders of the outer ear');
    expect(found[0]).toBe('X61');
    expect(found).toEqual(expect.arrayContaining(['X61.2', 'X61.8']));
    expect((await codes('SNOMED_CT_US_LITE', 'disorder of auditory canal'))[0]).toBe('9000011');
    expect(await codes('SNOMED_CT_US_LITE', 'disorder auditory canal')).toContain('9000010');
  });

  it('searches a builtin system by its vocabulary id and look-alike spellings (reserved aliases)', async () => {
    const byName = await codes('ICD-10-CM', 'ceruminous plug');
    expect(byName[0]).toBe('X61.2');
    for (const alias of ['ICD10CM', 'icd10cm', '\uFF29\uFF23\uFF24-10-CM', 'ICD\u201010\u2010CM'])
      expect(await codes(encodeURIComponent(alias), 'ceruminous plug')).toEqual(byName);
    expect(await codes('SNOMED', 'impacted cerumen')).toEqual(
      await codes('SNOMED_CT_US_LITE', 'impacted cerumen'),
    );
  });

  it('reads a DSM-5 use-disorder wording as ICD-10 abuse or dependence, in ICD-10-shaped systems only', async () => {
    expect((await codes('ICD-10-CM', 'opioid use disorder, mild'))[0]).toBe('X11.10');
    expect((await codes('ICD-10-CM', 'Moderate opioid use disorder'))[0]).toBe('X11.20');
    expect((await codes('ICD-10-CM', 'opioid use'))[0]).toBe('X11.90');
    expect((await codes('SNOMED_CT_US_LITE', 'opioid use disorder, mild'))[0]).toBe('9000024');
  });

  it('keeps code-prefix search', async () => {
    expect(await codes('ICD-10-CM', 'X612')).toEqual(['X61.2']);
  });
});
