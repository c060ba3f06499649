import { describe, expect, it } from 'vitest';
import { DomainError, expectedFailure, type ExpectedFailure } from '@app/shared';
import { formatTemplate, parseTemplate, placeholdersOf } from './parse-template.js';

describe('parsing a whole template', () => {
  it('normalises {{Type.path}} to the stored <<Type.path>> form and keeps the text', () => {
    const parts = parseTemplate(
      "{{Patient.name.given|join:', '}} was seen on <<Encounter[0].period.start|date>>.",
    );
    expect(formatTemplate(parts)).toBe(
      "<<Patient.name.given|join:', '>> was seen on <<Encounter[0].period.start|date>>.",
    );
    expect(placeholdersOf(parts)).toHaveLength(2);
  });

  it('answers one 400 listing every problem, coded by the first', () => {
    try {
      parseTemplate(
        '<<Patient[0].name|shout>> and <<Observation.value.ofType(>> and <<Patient.name',
        'example_summary',
      );
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const refusal = expectedFailure(error) as ExpectedFailure;
      expect(refusal.status).toBe(400);
      expect(refusal.code).toBe('SUMMARY.MALFORMED_TEMPLATE');
      expect(refusal.message).toMatch(/^example_summary is not a valid template/);
      expect((refusal.details as { code: string }[]).map((problem) => problem.code)).toEqual([
        'SUMMARY.MALFORMED_TEMPLATE',
        'SUMMARY.UNKNOWN_FILTER',
        'SUMMARY.FHIRPATH_SYNTAX',
      ]);
    }
  });
});
