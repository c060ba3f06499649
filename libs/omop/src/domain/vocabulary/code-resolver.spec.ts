import { describe, expect, it, vi } from 'vitest';
import { fixtureConcepts } from '../test-support/fixture-concepts.js';
import { CodeResolver } from './code-resolver.js';

const SNOMED = 'http://snomed.info/sct';
const resolve = (system: string | undefined, code: string | undefined) =>
  new CodeResolver(fixtureConcepts()).resolve({ system, code, index: 0 });

describe('CodeResolver: source code → source concept → Maps to → standard', () => {
  it('ALREADY_STANDARD: a standard concept is its own target', async () => {
    const result = await resolve(SNOMED, '59621000');
    expect(result).toMatchObject({
      mappingStatus: 'ALREADY_STANDARD',
      status: 'RESOLVED',
      vocabularyId: 'SNOMED',
    });
    expect(result.targets.map((target) => target.conceptId)).toEqual([320128]);
    expect(result.paths).toEqual([
      {
        mapping_status: 'ALREADY_STANDARD',
        source_concept_id: 320128,
        source_vocabulary: 'SNOMED',
        source_code: '59621000',
      },
    ]);
  });

  it('MAPPED: a non-standard code follows its valid Maps to', async () => {
    const result = await resolve('http://hl7.org/fhir/sid/icd-10-cm', 'I10');
    expect(result).toMatchObject({
      mappingStatus: 'MAPPED',
      status: 'RESOLVED',
      source: { conceptId: 35207668 },
    });
    expect(result.targets.map((target) => target.conceptId)).toEqual([320128]);
    expect(result.paths[0]).toMatchObject({
      mapping_status: 'MAPPED',
      source_concept_id: 35207668,
    });
  });

  it('AMBIGUOUS: a code with two standard targets keeps both', async () => {
    const result = await resolve(SNOMED, '8517006');
    expect(result).toMatchObject({
      mappingStatus: 'MAPPED',
      status: 'AMBIGUOUS',
      reason: 'AMBIGUOUS',
    });
    expect(result.targets.map((target) => target.conceptId)).toEqual([903651, 1340204]);
  });

  it('NO_STANDARD_MAP: a non-standard concept without a valid Maps to, valid or not', async () => {
    expect(await resolve(SNOMED, '167297006')).toMatchObject({
      mappingStatus: 'UNMAPPED',
      status: 'UNRESOLVED',
      reason: 'NO_STANDARD_MAP',
      source: { conceptId: 4041884 },
      paths: [{ mapping_status: 'UNMAPPED', source_concept_id: 4041884 }],
    });
    expect(await resolve(SNOMED, '91930004')).toMatchObject({
      reason: 'NO_STANDARD_MAP',
      note: expect.stringContaining('invalid (U)'),
    });
  });

  it('NO_OMOP_SOURCE_CONCEPT: a well-formed code the loaded vocabulary does not hold', async () => {
    expect(await resolve(SNOMED, '999999999')).toMatchObject({
      mappingStatus: 'UNMAPPED',
      reason: 'NO_OMOP_SOURCE_CONCEPT',
      paths: [
        { mapping_status: 'UNMAPPED', source_vocabulary: 'SNOMED', source_code: '999999999' },
      ],
    });
  });

  it('UNCHECKED: the code belongs to a vocabulary that is not loaded', async () => {
    expect(await resolve('http://hl7.org/fhir/sid/ndc', '0002-8215-01')).toMatchObject({
      mappingStatus: 'UNCHECKED',
      status: 'UNRESOLVED',
      reason: 'NO_OMOP_SOURCE_CONCEPT',
      note: expect.stringContaining('not loaded'),
    });
  });

  it('UNSUPPORTED_CODE, UNSUPPORTED_SYSTEM and NO_SOURCE_CODE', async () => {
    expect(await resolve('http://loinc.org', '5089AAAAAAAAAAAA')).toMatchObject({
      reason: 'UNSUPPORTED_CODE',
      mappingStatus: 'UNMAPPED',
    });
    expect(await resolve('http://example.org/local-codes', 'X1')).toMatchObject({
      reason: 'UNSUPPORTED_SYSTEM',
    });
    expect(await resolve(SNOMED, undefined)).toMatchObject({ reason: 'NO_SOURCE_CODE' });
    expect(await resolve(undefined, '59621000')).toMatchObject({ reason: 'NO_SOURCE_CODE' });
  });

  it('never claims a UMLS bridge and looks each code up once per run', async () => {
    const concepts = fixtureConcepts();
    const lookup = vi.spyOn(concepts, 'conceptsByCode');
    const resolver = new CodeResolver(concepts);
    const results = await Promise.all(
      [1, 2, 3].map((index) => resolver.resolve({ system: SNOMED, code: '59621000', index })),
    );
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(results.map((result) => result.coding.index)).toEqual([1, 2, 3]);
    expect(results.every((result) => result.paths.every((path) => path.cui === undefined))).toBe(
      true,
    );
  });
});
