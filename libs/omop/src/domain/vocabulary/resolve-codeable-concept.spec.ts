import { describe, expect, it } from 'vitest';
import {
  FIXTURE_CONCEPTS,
  FIXTURE_MAPS_TO,
  FIXTURE_VERSIONS,
  fixtureConcepts,
} from '../test-support/fixture-concepts.js';
import { CodeResolver } from './code-resolver.js';
import { InMemoryConceptSource } from './in-memory-concept-source.js';
import { resolveCodeableConcept } from './resolve-codeable-concept.js';

const SNOMED = 'http://snomed.info/sct';
const ICD10 = 'http://hl7.org/fhir/sid/icd-10-cm';

async function choose(
  codings: Record<string, unknown>[],
  domains: string[],
  concepts = fixtureConcepts(),
) {
  return resolveCodeableConcept(
    { coding: codings, text: 'as written' },
    new CodeResolver(concepts),
    concepts,
    domains,
  );
}

describe('resolveCodeableConcept: which coding is used', () => {
  it('prefers a standard code over one that needs a Maps to, whatever the order', async () => {
    const choice = await choose(
      [
        { system: ICD10, code: 'I10' },
        { system: SNOMED, code: '59621000' },
      ],
      ['Condition'],
    );
    expect(choice.selected?.coding).toMatchObject({ code: '59621000', index: 1 });
    expect(choice.standard?.conceptId).toBe(320128);
    expect(choice.codings).toHaveLength(2);
    expect(choice.sourceValue).toBe('59621000');
  });

  it('prefers a code that resolves over one that does not', async () => {
    const choice = await choose(
      [
        { system: SNOMED, code: '999999999' },
        { system: ICD10, code: 'I10' },
      ],
      ['Condition'],
    );
    expect(choice.selected?.coding.code).toBe('I10');
  });

  it('prefers the domain the field expects', async () => {
    const codings = [
      { system: 'http://loinc.org', code: '8480-6' },
      { system: SNOMED, code: '160903007' },
    ];
    expect((await choose(codings, ['Observation'])).standard?.conceptId).toBe(4053118);
    expect((await choose(codings, ['Measurement'])).standard?.conceptId).toBe(3004249);
  });

  it('honours userSelected as a tiebreaker (IG f2o-035)', async () => {
    const codings = [
      { system: SNOMED, code: '59621000' },
      { system: SNOMED, code: '160903007', userSelected: true },
    ];
    expect((await choose(codings, ['Condition', 'Observation'])).selected?.coding.code).toBe(
      '160903007',
    );
  });

  it('takes the more specific of two codings of one system (IG f2o-036)', async () => {
    const hypertensiveDisorder = {
      conceptId: 316866,
      conceptName: 'Hypertensive disorder',
      domainId: 'Condition',
      vocabularyId: 'SNOMED',
      conceptClassId: 'Disorder',
      standardConcept: 'S' as const,
      conceptCode: '38341003',
      invalidReason: null,
    };
    const concepts = new InMemoryConceptSource(
      [...FIXTURE_CONCEPTS, hypertensiveDisorder],
      FIXTURE_MAPS_TO,
      FIXTURE_VERSIONS,
      [[316866, 320128]],
    );
    const choice = await choose(
      [
        { system: SNOMED, code: '38341003' },
        { system: SNOMED, code: '59621000' },
      ],
      ['Condition'],
      concepts,
    );
    expect(choice.standard?.conceptId).toBe(320128);
  });

  it('uses the lowest concept_id in the expected domain for an AMBIGUOUS code, and keeps the others', async () => {
    const choice = await choose([{ system: SNOMED, code: '8517006' }], ['Observation']);
    expect(choice.selected?.status).toBe('AMBIGUOUS');
    expect(choice.standard?.conceptId).toBe(903651);
    expect(choice.otherTargets.map((target) => target.conceptId)).toEqual([1340204]);
  });

  it('falls back to the text when there is no coding', async () => {
    const choice = await choose([], ['Condition']);
    expect(choice.selected).toBeUndefined();
    expect(choice.sourceValue).toBe('as written');
  });
});
