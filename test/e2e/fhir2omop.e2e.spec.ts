import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danglingForeignKeys } from '@app/omop';
import { ImportAthenaCommand } from '@app/vocabulary';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>;

const tsv = (rows: string[][]) => rows.map((row) => row.join('\t')).join('\n') + '\n';
const CONCEPT_HEADER = [
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
];
const concept = (
  id: number,
  name: string,
  domain: string,
  vocabulary: string,
  standard: string,
  code: string,
) => [String(id), name, domain, vocabulary, 'Test', standard, code, '19700101', '20991231', ''];

/** A small Athena download written by the test: real concept ids for the codes used below. */
function writeVocabulary(directory: string): void {
  writeFileSync(
    join(directory, 'VOCABULARY.csv'),
    tsv([
      [
        'vocabulary_id',
        'vocabulary_name',
        'vocabulary_reference',
        'vocabulary_version',
        'vocabulary_concept_id',
      ],
      ['None', 'OMOP Standardized Vocabularies', 'OMOP generated', 'v5.0 TEST', '44819096'],
      ['SNOMED', 'SNOMED', 'snomed', 'SNOMED TEST', '44819097'],
      ['ICD10CM', 'ICD10CM', 'cdc', 'ICD10CM TEST', '44819098'],
      ['LOINC', 'LOINC', 'loinc', 'LOINC TEST', '44819102'],
      ['UCUM', 'UCUM', 'ucum', 'UCUM TEST', '44819107'],
    ]),
  );
  writeFileSync(
    join(directory, 'CONCEPT.csv'),
    tsv([
      CONCEPT_HEADER,
      concept(320128, 'Essential hypertension', 'Condition', 'SNOMED', 'S', '59621000'),
      concept(35207668, 'Essential (primary) hypertension', 'Condition', 'ICD10CM', '', 'I10'),
      concept(4310250, 'Ex-smoker', 'Observation', 'SNOMED', '', '8517006'),
      concept(
        903651,
        'Currently doesnt use tobacco or its derivatives',
        'Observation',
        'OMOP Extension',
        'S',
        'OMOP5181833',
      ),
      concept(1340204, 'History of event', 'Observation', 'OMOP Extension', 'S', 'OMOP5165859'),
      concept(3025315, 'Body weight', 'Measurement', 'LOINC', 'S', '29463-7'),
      concept(9529, 'kilogram', 'Unit', 'UCUM', 'S', 'kg'),
      concept(8507, 'MALE', 'Gender', 'Gender', 'S', 'M'),
      concept(9202, 'Outpatient Visit', 'Visit', 'Visit', 'S', 'OP'),
    ]),
  );
  writeFileSync(
    join(directory, 'CONCEPT_RELATIONSHIP.csv'),
    tsv([
      [
        'concept_id_1',
        'concept_id_2',
        'relationship_id',
        'valid_start_date',
        'valid_end_date',
        'invalid_reason',
      ],
      ['35207668', '320128', 'Maps to', '19700101', '20991231', ''],
      ['4310250', '903651', 'Maps to', '19700101', '20991231', ''],
      ['4310250', '1340204', 'Maps to', '19700101', '20991231', ''],
    ]),
  );
}

const SNOMED = 'http://snomed.info/sct';

function patientBundle(): Json {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: 'urn:uuid:p',
        resource: { resourceType: 'Patient', id: 'p', gender: 'male', birthDate: '1961-07-08' },
      },
      {
        fullUrl: 'urn:uuid:e',
        resource: {
          resourceType: 'Encounter',
          id: 'e',
          status: 'finished',
          class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
          subject: { reference: 'urn:uuid:p' },
          period: { start: '2021-03-04T09:00:00+02:00', end: '2021-03-04T09:30:00+02:00' },
          participant: [
            {
              individual: {
                reference: 'Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|404',
              },
            },
          ],
        },
      },
      {
        fullUrl: 'urn:uuid:c',
        resource: {
          resourceType: 'Condition',
          id: 'c',
          subject: { reference: 'urn:uuid:p' },
          encounter: { reference: 'urn:uuid:e' },
          code: {
            coding: [
              { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10' },
              { system: SNOMED, code: '59621000' },
            ],
          },
          onsetDateTime: '2021-03-04',
        },
      },
      {
        fullUrl: 'urn:uuid:o',
        resource: {
          resourceType: 'Observation',
          id: 'o',
          status: 'final',
          subject: { reference: 'urn:uuid:p' },
          encounter: { reference: 'urn:uuid:e' },
          code: { coding: [{ system: SNOMED, code: '8517006' }] },
          effectiveDateTime: '2021-03-04T09:10:00+02:00',
        },
      },
      {
        fullUrl: 'urn:uuid:w',
        resource: {
          resourceType: 'Observation',
          id: 'w',
          status: 'final',
          subject: { reference: 'urn:uuid:p' },
          code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
          valueQuantity: {
            value: 81.5,
            unit: 'kg',
            system: 'http://unitsofmeasure.org',
            code: 'kg',
          },
          effectiveDateTime: '2021-03-04T09:12:00+02:00',
        },
      },
      { fullUrl: 'urn:uuid:x', resource: { resourceType: 'Claim', id: 'x' } },
    ],
  };
}

describe.each(PROFILES)('POST /fhir2omop/create (%s profile)', (profile) => {
  let api: TestApp;
  let token: string;
  let vocabulary: string;

  beforeAll(async () => {
    api = await startTestApp(profile);
    vocabulary = mkdtempSync(join(tmpdir(), 'ci-omop-vocab-'));
    writeVocabulary(vocabulary);
    await api.app.get(CommandBus).execute(new ImportAthenaCommand(vocabulary));
    token = await api.token(await api.createClient('acme'));
  });

  afterAll(async () => {
    await api?.close();
    rmSync(vocabulary, { recursive: true, force: true });
  });

  const post = (body: unknown, raw = false) =>
    fetch(`${api.baseUrl}/fhir2omop/create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: raw ? (body as string) : JSON.stringify(body),
    });

  it('maps a transaction Bundle into rows, mappings and side lists', async () => {
    const response = await post({ fhir_resources: patientBundle() });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({
      success: true,
      message: expect.stringMatching(/^Mapped to \d+ OMOP rows$/),
      vocab_version: 'v5.0 TEST',
    });
    expect(body.tables.person).toEqual([
      expect.objectContaining({ gender_concept_id: 8507, year_of_birth: 1961, race_concept_id: 0 }),
    ]);
    expect(body.tables.visit_occurrence).toEqual([
      expect.objectContaining({
        visit_concept_id: 9202,
        visit_start_datetime: '2021-03-04T07:00:00Z',
      }),
    ]);
    // A column without a value is left out of the row, not null (the public API document).
    expect(body.tables.visit_occurrence[0]).not.toHaveProperty('provider_id');
    expect(body.tables.condition_occurrence).toEqual([
      expect.objectContaining({ condition_concept_id: 320128, condition_source_value: '59621000' }),
    ]);
    expect(body.tables.observation).toEqual([
      expect.objectContaining({ observation_concept_id: 903651 }),
    ]);
    expect(body.tables.measurement).toEqual([
      expect.objectContaining({
        measurement_concept_id: 3025315,
        value_as_number: 81.5,
        unit_concept_id: 9529,
      }),
    ]);
    expect(body.tables.observation_period).toEqual([
      expect.objectContaining({
        observation_period_start_date: '2021-03-04',
        observation_period_end_date: '2021-03-04',
      }),
    ]);
    expect(danglingForeignKeys(body.tables)).toEqual([]);
    const ambiguous = body.mappings.find((mapping: Json) => mapping.source_code === '8517006');
    expect(ambiguous).toMatchObject({
      selected: true,
      resolution: { status: 'AMBIGUOUS', via: 'DIRECT' },
    });
    const icd = body.mappings.find((mapping: Json) => mapping.source_code === 'I10');
    expect(icd).toMatchObject({
      selected: false,
      mapping_status: 'MAPPED',
      target_code: '59621000',
    });
    expect(body.diagnostics).toEqual([
      expect.objectContaining({
        resource_type: 'Encounter',
        outcome: 'UNRESOLVED',
        path: 'participant[0].individual',
      }),
    ]);
    expect(body.dropped).toEqual([
      {
        resource_type: 'Claim',
        resource_id: 'x',
        reason: 'Claim has no OMOP mapping in this service',
      },
    ]);
    expect(body.summary).toMatchObject({
      codes_already_standard: 3,
      codes_unmapped: expect.any(Number),
    });
    expect(body.specimen_source_contexts).toEqual([]);
    expect(body.provider_role_contexts).toEqual([]);
  });

  it('gives the same ids for the same input, and echoes vocab_version', async () => {
    const first = (await (
      await post({ fhir_resources: patientBundle(), vocab_version: 'v5.0 31-AUG-23' })
    ).json()) as Json;
    const second = (await (
      await post({ fhir_resources: patientBundle(), vocab_version: 'v5.0 31-AUG-23' })
    ).json()) as Json;
    expect(second).toEqual(first);
    expect(first.vocab_version).toBe('v5.0 31-AUG-23');
    expect(first.tables.person[0].person_id).toBeGreaterThan(0);
    expect(first.tables.person[0].person_id).toBeLessThanOrEqual(2 ** 31 - 1);
  });

  it('maps a single resource', async () => {
    const response = await post({
      fhir_resources: { resourceType: 'Patient', id: 'solo', gender: 'male', birthDate: '1990' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body.tables.person).toEqual([expect.objectContaining({ year_of_birth: 1990 })]);
    expect(body.tables.person[0]).not.toHaveProperty('month_of_birth');
  });

  it.each([
    ['no fhir_resources', {}, 'REQUEST.VALIDATION_FAILED', /fhir_resources/],
    [
      'fhir_resources that is not an object',
      { fhir_resources: 'Patient/1' },
      'REQUEST.VALIDATION_FAILED',
      /fhir_resources/,
    ],
    [
      'an unknown field',
      { fhir_resources: { resourceType: 'Patient' }, extra: 1 },
      'REQUEST.VALIDATION_FAILED',
      /extra/,
    ],
    [
      'a resource without resourceType',
      { fhir_resources: { id: 'x' } },
      'OMOP.INVALID_FHIR',
      /fhir_resources.resourceType is missing/,
    ],
    [
      'a Bundle without entries',
      { fhir_resources: { resourceType: 'Bundle', type: 'collection' } },
      'OMOP.INVALID_FHIR',
      /entry is missing/,
    ],
    [
      'a Bundle of non-objects',
      { fhir_resources: { resourceType: 'Bundle', type: 'collection', entry: [1, 'two'] } },
      'OMOP.INVALID_FHIR',
      /entry\[0\] must be an object/,
    ],
    [
      'wrong value types',
      {
        fhir_resources: {
          resourceType: 'Observation',
          code: { coding: [{ system: 'http://loinc.org', code: 29463 }] },
          valueQuantity: { value: 'heavy' },
          effectiveDateTime: 'last week',
        },
      },
      'OMOP.INVALID_FHIR',
      /code.coding\[0\].code must be a string.*valueQuantity.value must be a number.*not a valid FHIR date/,
    ],
  ])('answers 400 for %s, naming the problem', async (_label, body, code, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as Json;
    expect(error).toMatchObject({ success: false, error: { code } });
    expect(`${error.message} ${JSON.stringify(error.error.details)}`).toMatch(message);
  });

  describe('the shared FHIR input policy', () => {
    const subject = { reference: 'urn:uuid:3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f' };
    const ehrDocument = {
      resourceType: 'Bundle',
      type: 'document',
      identifier: {
        system: 'urn:ietf:rfc:3986',
        value: 'urn:uuid:4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
      },
      timestamp: '2024-05-01T10:00:00Z',
      entry: [
        {
          fullUrl: 'urn:uuid:5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
          // A Composition without status, date, author or title.
          resource: { resourceType: 'Composition', type: { text: 'Patient summary' }, subject },
        },
        {
          fullUrl: subject.reference,
          resource: {
            resourceType: 'Patient',
            name: [{ family: 'Okafor' }, {}],
            communication: [{ preferred: true }],
            birthDate: '1970-02-03',
          },
        },
        {
          fullUrl: 'urn:uuid:6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
          resource: {
            resourceType: 'Procedure',
            status: 'completed',
            subject,
            code: { text: 'Appendectomy' },
            performedDateTime: '2010-06-01',
            performer: [{ function_: { text: 'surgeon' }, actor: { display: 'Dr. Diaz' } }],
          },
        },
      ],
    };

    it('maps an EHR-style Bundle with defects (200) and names each defect in warnings', async () => {
      const response = await post({ fhir_resources: ehrDocument });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json;
      expect(body.tables.person).toHaveLength(1);
      expect(body.tables.procedure_occurrence).toHaveLength(1);
      expect((body.warnings as string[]).map((warning) => warning.split(': ')[0]).sort()).toEqual([
        'fhir_resources.entry[0].resource.author',
        'fhir_resources.entry[0].resource.date',
        'fhir_resources.entry[0].resource.status',
        'fhir_resources.entry[0].resource.title',
        'fhir_resources.entry[1].resource.communication[0].language',
        'fhir_resources.entry[1].resource.name[1]',
        'fhir_resources.entry[2].resource.performer[0].function_',
      ]);
    });

    it('refuses the same Bundle with strict: true, and structural failures either way', async () => {
      const strict = await post({ fhir_resources: ehrDocument, strict: true });
      expect(strict.status).toBe(400);
      const refused = (await strict.json()) as Json;
      expect(refused.error.code).toBe('OMOP.INVALID_FHIR');
      expect(refused.message).toContain('fhir_resources.entry[0].resource.status');
      expect(JSON.stringify(refused.error.details)).toContain(
        'fhir_resources.entry[2].resource.performer[0].function_',
      );
      const broken = { ...ehrDocument, entry: [...ehrDocument.entry, { resource: { id: 'x' } }] };
      for (const mode of [false, true]) {
        const response = await post({ fhir_resources: broken, strict: mode });
        expect(response.status).toBe(400);
        expect(((await response.json()) as Json).error.code).toBe('OMOP.INVALID_FHIR');
      }
    });
  });

  it('answers 400 for a body that is not JSON, 413 over the body limit and 401 without a token', async () => {
    expect((await post('{"fhir_resources": {', true)).status).toBe(400);
    const huge = JSON.stringify({
      fhir_resources: { resourceType: 'Patient', text: { div: 'x'.repeat(11 * 1024 * 1024) } },
    });
    expect((await post(huge, true)).status).toBe(413);
    const anonymous = await fetch(`${api.baseUrl}/fhir2omop/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fhir_resources: patientBundle() }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('maps a 50,000-entry Bundle and reports what it could not map', async () => {
    const entry = Array.from({ length: 50_000 }, (_, index) => ({
      resource: { resourceType: 'Basic', id: `b${index}` },
    }));
    const response = await post({
      fhir_resources: { resourceType: 'Bundle', type: 'collection', entry },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body.dropped).toHaveLength(50_000);
    expect(body.dropped[0]).toEqual({
      resource_type: 'Basic',
      resource_id: 'b0',
      reason: 'Basic has no OMOP mapping in this service',
    });
  });
});
