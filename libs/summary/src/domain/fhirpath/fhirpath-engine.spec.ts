import { describe, expect, it } from 'vitest';
import {
  assertFhirPathParses,
  evaluateFhirPath,
  evaluateTyped,
  FhirPathEvaluationError,
  FhirPathSyntaxError,
} from './fhirpath-engine.js';

const observation = {
  resourceType: 'Observation',
  status: 'final',
  code: { text: 'Body weight' },
  valueQuantity: { value: 72.5, unit: 'kg' },
};

describe('fhirpath engine (R4 model)', () => {
  it('resolves choice elements through the R4 model', () => {
    expect(evaluateFhirPath(observation, 'value.ofType(Quantity).value')).toEqual([72.5]);
    expect(evaluateFhirPath(observation, 'value.ofType(string)')).toEqual([]);
  });

  it('passes variables as %name', () => {
    expect(evaluateFhirPath(observation, '%limit > 70', { limit: 70 })).toEqual([false]);
    expect(
      evaluateFhirPath(observation, 'value.ofType(Quantity).value > %limit', { limit: 70 }),
    ).toEqual([true]);
  });

  it('reports the FHIR type of element results and none for computed values', () => {
    expect(evaluateTyped(observation, 'value.ofType(Quantity)')).toEqual([
      { value: { value: 72.5, unit: 'kg' }, fhirType: 'Quantity' },
    ]);
    expect(evaluateTyped(observation, "'a' + 'b'")).toEqual([{ value: 'ab' }]);
  });

  it('throws FhirPathSyntaxError naming the expression, without the token list', () => {
    expect(() => assertFhirPathParses('name.where(')).toThrow(FhirPathSyntaxError);
    try {
      assertFhirPathParses('name.where(');
    } catch (error) {
      expect((error as Error).message).toContain('"name.where("');
      expect((error as Error).message).not.toContain('expecting');
    }
  });

  it('throws FhirPathEvaluationError when a valid expression fails on the data', () => {
    const patient = { resourceType: 'Patient', name: [{ family: 'A' }, { family: 'B' }] };
    expect(() => evaluateFhirPath(patient, 'name.family.single()')).toThrow(
      FhirPathEvaluationError,
    );
  });
});
