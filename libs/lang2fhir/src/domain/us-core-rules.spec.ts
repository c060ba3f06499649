import { describe, expect, it } from 'vitest';
import type { Resource } from './fhir.js';
import { checkText, isR4, MAX_TEXT_BYTES } from './text-limits.js';
import { usCoreIssues } from './us-core-rules.js';

describe('usCoreIssues', () => {
  it('names each element the profile requires and the resource lacks', () => {
    const condition = {
      resourceType: 'Condition',
      subject: { reference: 'Patient/1' },
    } as Resource;
    expect(usCoreIssues('condition-problems-health-concerns', condition)).toEqual([
      { path: 'Condition.category', problem: 'is required by the profile' },
      { path: 'Condition.code', problem: 'is required by the profile' },
      { path: 'Condition.clinicalStatus', problem: 'is required unless entered in error' },
    ]);
  });

  it('checks fixed categories, values of observations and identifiers of patients', () => {
    const observation = {
      resourceType: 'Observation',
      status: 'final',
      category: [{ coding: [{ code: 'exam' }] }],
      code: { text: 'x' },
      subject: { reference: 'Patient/1' },
      effectiveDateTime: '2025-01-01',
    } as Resource;
    expect(usCoreIssues('vital-signs', observation).map((issue) => issue.path)).toEqual([
      'Observation.category',
      'Observation.value[x]',
    ]);
    const patient = {
      resourceType: 'Patient',
      identifier: [{ value: '1' }],
      name: [{ family: 'Doe' }],
      gender: 'female',
    } as Resource;
    expect(usCoreIssues('patient', patient)).toEqual([
      { path: 'Patient.identifier[0]', problem: 'needs a system and a value' },
    ]);
  });

  it('accepts a data-absent-reason on a choice element', () => {
    const procedure = {
      resourceType: 'Procedure',
      status: 'completed',
      code: { text: 'x' },
      subject: { reference: 'Patient/1' },
      _performedDateTime: { extension: [{ url: 'x', valueCode: 'unknown' }] },
    } as unknown as Resource;
    expect(usCoreIssues('procedure', procedure)).toEqual([]);
    delete (procedure as unknown as Record<string, unknown>)._performedDateTime;
    expect(usCoreIssues('procedure', procedure)[0].path).toBe('Procedure.performed[x]');
  });
});

describe('text limits', () => {
  it('refuses empty text and text over 100 KiB of UTF-8, counting bytes not characters', () => {
    expect(checkText(' \n\t')).toEqual({ kind: 'empty' });
    expect(checkText('a'.repeat(MAX_TEXT_BYTES))).toBeNull();
    expect(checkText('é'.repeat(MAX_TEXT_BYTES / 2 + 1))).toEqual({
      kind: 'too-large',
      bytes: MAX_TEXT_BYTES + 2,
    });
  });

  it('accepts the spellings of R4 only', () => {
    for (const version of [undefined, 'R4', 'r4', '4.0.1', '4.0']) expect(isR4(version)).toBe(true);
    for (const version of ['R5', 'STU3', '5.0.0']) expect(isR4(version)).toBe(false);
  });
});
