import { beforeAll, describe, expect, it } from 'vitest';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import type { Resource } from '../fhir-types.js';
import {
  canonicalReference,
  extractSearchIndex,
  extractSearchIndexPaced,
  type SearchIndexEntry,
} from './search-index.js';

const byCode = (entries: SearchIndexEntry[], code: string) =>
  entries.filter((entry) => entry.code === code).map(({ code: _code, ...rest }) => rest);

describe('extractSearchIndex', () => {
  let patient: SearchIndexEntry[];

  beforeAll(() => {
    loadFhirDefinitions();
    patient = extractSearchIndex({
      resourceType: 'Patient',
      id: 'p1',
      name: [{ family: 'Müller', given: ['Anna', 'Lena'], prefix: ['Dr.'] }],
      birthDate: '1980-02',
      gender: 'female',
      active: true,
      identifier: [{ system: 'urn:mrn', value: 'M-1', type: { text: 'Medical record' } }],
      telecom: [{ system: 'email', value: 'Anna@Example.org' }],
      address: [{ city: 'Zürich', line: ['Bahnhofstrasse 1'] }],
      generalPractitioner: [
        { reference: 'https://ehr.example.org/fhir/Practitioner/dr-7/_history/2' },
      ],
    });
  });

  it('indexes each part of a name, accent- and case-folded, keeping the original for :exact', () => {
    const family = byCode(patient, 'family');
    expect(family).toEqual([
      expect.objectContaining({ kind: 'string', value: 'muller', exact: 'Müller' }),
    ]);
    expect(byCode(patient, 'name').map((entry) => entry.value)).toEqual([
      'muller',
      'anna',
      'lena',
      'dr.',
    ]);
    expect(byCode(patient, 'address-city')[0].value).toBe('zurich');
  });

  it('indexes tokens with their system, display texts separately, booleans as true/false', () => {
    expect(byCode(patient, 'identifier')).toEqual([
      expect.objectContaining({ kind: 'text', value: 'medical record' }),
      expect.objectContaining({ kind: 'token', system: 'urn:mrn', value: 'M-1' }),
    ]);
    expect(byCode(patient, 'gender')).toEqual([
      expect.objectContaining({ kind: 'token', system: null, value: 'female' }),
    ]);
    expect(byCode(patient, 'active')[0].value).toBe('true');
    expect(byCode(patient, 'email')[0]).toMatchObject({
      system: 'email',
      value: 'anna@example.org',
    });
  });

  it('indexes dates as spans and references in Type/id form', () => {
    expect(byCode(patient, 'birthdate')).toEqual([
      expect.objectContaining({
        kind: 'date',
        low: '1980-02-01T00:00:00.000Z',
        high: '1980-03-01T00:00:00.000Z',
      }),
    ]);
    expect(byCode(patient, 'general-practitioner')[0]).toMatchObject({
      kind: 'reference',
      value: 'Practitioner/dr-7',
    });
    expect(canonicalReference('urn:uuid:abc')).toBe('urn:uuid:abc');
    expect(canonicalReference('Patient/1')).toBe('Patient/1');
  });

  it('indexes quantities with their unit, periods with open ends', () => {
    const observation = extractSearchIndex({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '2339-0', display: 'Glucose' }] },
      effectivePeriod: { start: '2024-01-01T10:00:00Z' },
      valueQuantity: { value: 5.5, system: 'http://unitsofmeasure.org', code: 'mmol/L' },
    });
    expect(byCode(observation, 'value-quantity')).toEqual([
      expect.objectContaining({
        kind: 'quantity',
        numLow: 5.5,
        numHigh: 5.5,
        system: 'http://unitsofmeasure.org',
        value: 'mmol/L',
      }),
    ]);
    expect(byCode(observation, 'date')[0]).toMatchObject({
      low: '2024-01-01T10:00:00.000Z',
      high: null,
    });
    expect(byCode(observation, 'code').map((entry) => entry.kind)).toEqual(['text', 'token']);
  });
});

describe('extractSearchIndexPaced', () => {
  it('gives the entries extractSearchIndex gives, pausing between steps', async () => {
    loadFhirDefinitions();
    const patient = {
      resourceType: 'Patient',
      name: Array.from({ length: 2_500 }, (_, index) => ({
        family: `Family${index}`,
        given: ['Ada', `Given${index % 7}`],
      })),
      birthDate: '1970-02-03',
      gender: 'female',
    } as Resource;
    let pauses = 0;
    const paced = await extractSearchIndexPaced(patient, () => {
      pauses += 1;
      return Promise.resolve();
    });
    expect(paced).toEqual(extractSearchIndex(patient));
    // A pause after each of Patient's ~20 indexed parameters, and per 1,000 values of one.
    expect(pauses).toBeGreaterThan(15);
  });
});
