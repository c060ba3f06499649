import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../code-systems.js';
import type { Observation } from '../fhir.js';
import { analysis, assertion, at, inputFor, linked, phrase } from '../testing/analysis-fixtures.js';
import { problemsOf } from '../testing/expect-valid.js';
import { buildClinicalResult } from './observation-clinical-result.js';
import { buildLabObservation } from './observation-lab.js';
import { buildSimpleObservation } from './simple-observation.js';

const A1C = {
  system: SYSTEM.LOINC,
  code: '4548-4',
  display: 'Hemoglobin A1c/Hemoglobin.total in Blood',
};

describe('observation-lab builder', () => {
  it('builds a laboratory result with LOINC code, UCUM value and interpretation', () => {
    const text = 'Hemoglobin A1c 8.2 % (high).';
    const parsed = analysis(text, {
      phrases: [
        phrase(text, 'Hemoglobin A1c', 'lab', {
          value: { value: 8.2, unit: '%', unitText: '%' },
          interpretation: 'high',
        }),
      ],
    });
    const built = buildLabObservation(inputFor(parsed, [linked(at(text, 'Hemoglobin A1c'), A1C)]));
    const observation = built!.resource as Observation;
    expect(observation).toMatchObject({
      status: 'final',
      code: { coding: [A1C], text: 'Hemoglobin A1c' },
      valueQuantity: { value: 8.2, unit: '%', system: SYSTEM.UCUM, code: '%' },
      interpretation: [{ coding: [{ code: 'H' }] }],
      issued: '2025-03-10T12:00:00Z',
    });
    expect(observation.category?.[0].coding?.[0].code).toBe('laboratory');
    expect(observation.effectiveDateTime).toBeUndefined();
    expect(problemsOf('observation-lab', observation)).toEqual([]);
  });

  it('reads a qualitative result written in words', () => {
    const text = 'Rapid strep test negative.';
    const parsed = analysis(text, { phrases: [phrase(text, 'Rapid strep test', 'lab')] });
    const built = buildLabObservation(inputFor(parsed));
    const observation = built!.resource as Observation;
    expect(observation.valueCodeableConcept?.coding?.[0]).toMatchObject({
      system: SYSTEM.SNOMED,
      code: '260385009',
    });
    expect(built!.derivations.find((item) => item.path === 'valueCodeableConcept')?.text).toBe(
      'negative',
    );
    expect(problemsOf('observation-lab', observation)).toEqual([]);
  });

  it('records a lab without a result as data absent, and answers null without a lab', () => {
    const text = 'Lipid panel pending.';
    const observation = buildLabObservation(
      inputFor(analysis(text, { phrases: [phrase(text, 'Lipid panel', 'lab')] })),
    )!.resource as Observation;
    expect(observation.dataAbsentReason?.coding?.[0].code).toBe('unknown');
    expect(problemsOf('observation-lab', observation)).toEqual([]);
    expect(buildLabObservation(inputFor(analysis('Feels well.')))).toBeNull();
  });
});

describe('observation-clinical-result builder', () => {
  it('files an imaging finding under imaging with the finding as its value', () => {
    const text = 'Chest X-ray showed no acute cardiopulmonary process.';
    const parsed = analysis(text, { phrases: [phrase(text, 'Chest X-ray', 'procedure')] });
    const built = buildClinicalResult(inputFor(parsed));
    const observation = built!.resource as Observation;
    expect(observation.meta?.profile?.[0]).toMatch(/us-core-observation-clinical-result$/);
    expect(observation.category?.[0].coding?.[0].code).toBe('imaging');
    expect(observation.valueString).toBe('no acute cardiopulmonary process');
    expect(built!.derivations.find((item) => item.path === 'valueString')?.text).toBe(
      'no acute cardiopulmonary process',
    );
    expect(problemsOf('observation-clinical-result', observation)).toEqual([]);
  });

  it('files a measured test result under procedure with its quantity', () => {
    const text = 'Ejection fraction 55 %.';
    const parsed = analysis(text, {
      phrases: [
        phrase(text, 'Ejection fraction', 'observation', { value: { value: 55, unit: '%' } }),
      ],
    });
    const observation = buildClinicalResult(inputFor(parsed))!.resource as Observation;
    expect(observation.category?.[0].coding?.[0].code).toBe('procedure');
    expect(observation.valueQuantity?.value).toBe(55);
    expect(problemsOf('observation-clinical-result', observation)).toEqual([]);
  });
});

describe('simple-observation builder', () => {
  it('records a denied habit as a social-history finding with value false', () => {
    const text = 'Denies tobacco use.';
    const parsed = analysis(text, {
      phrases: [
        phrase(text, 'tobacco use', 'observation', {
          assertion: assertion({ negated: true }, [at(text, 'Denies')]),
        }),
      ],
    });
    const built = buildSimpleObservation(inputFor(parsed));
    const observation = built!.resource as Observation;
    expect(observation.category?.[0].coding?.[0].code).toBe('social-history');
    expect(observation.valueBoolean).toBe(false);
    expect(built!.derivations.find((item) => item.path === 'valueBoolean')?.text).toBe('Denies');
    expect(problemsOf('simple-observation', observation)).toEqual([]);
  });

  it('keeps a stated number as the value', () => {
    const text = 'Pain score 7/10.';
    const parsed = analysis(text, {
      phrases: [
        phrase(text, 'Pain score', 'observation', { value: { value: 7, unit: '{score}' } }),
      ],
    });
    const observation = buildSimpleObservation(inputFor(parsed))!.resource as Observation;
    expect(observation.category?.[0].coding?.[0].code).toBe('exam');
    expect(observation.valueQuantity).toMatchObject({ value: 7, code: '{score}' });
    expect(problemsOf('simple-observation', observation)).toEqual([]);
  });
});
