import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../code-systems.js';
import type { Condition } from '../fhir.js';
import {
  analysis,
  assertion,
  at,
  date,
  inputFor,
  linked,
  negatedBy,
  phrase,
} from '../testing/analysis-fixtures.js';
import { problemsOf } from '../testing/expect-valid.js';
import { buildEncounterDiagnosis } from './condition-encounter-diagnosis.js';
import { buildProblemCondition } from './condition-problems-health-concerns.js';

const T2DM = { system: SYSTEM.SNOMED, code: '44054006', display: 'Diabetes mellitus type 2' };

describe('condition builders', () => {
  it('builds a confirmed, active problem with its SNOMED code, onset and derivations', () => {
    const text = 'Type 2 diabetes diagnosed on 2019-04-02. Follows a diet.';
    const parsed = analysis(text, {
      phrases: [phrase(text, 'Type 2 diabetes', 'problem')],
      dates: [date(text, '2019-04-02', '2019-04-02')],
    });
    const built = buildProblemCondition(
      inputFor(parsed, [linked(at(text, 'Type 2 diabetes'), T2DM)]),
    );
    const condition = built!.resource as Condition;
    expect(condition.meta?.profile).toEqual([
      'http://hl7.org/fhir/us/core/StructureDefinition/us-core-condition-problems-health-concerns',
    ]);
    expect(condition.code).toEqual({ coding: [T2DM], text: 'Type 2 diabetes' });
    expect(condition.category?.[0].coding?.[0].code).toBe('problem-list-item');
    expect(condition.clinicalStatus?.coding?.[0].code).toBe('active');
    expect(condition.verificationStatus?.coding?.[0].code).toBe('confirmed');
    expect(condition.onsetDateTime).toBe('2019-04-02');
    expect(condition.subject.display).toBe('Patient not identified in the text');
    expect(built!.derivations).toContainEqual({
      path: 'code',
      start: 0,
      end: 15,
      text: 'Type 2 diabetes',
      method: 'vocabulary:construe:text',
    });
    expect(built!.derivations.find((item) => item.path === 'onsetDateTime')?.text).toBe(
      '2019-04-02',
    );
    expect(built!.description).toBe('Condition: Diabetes mellitus type 2 (SNOMED 44054006)');
    expect(problemsOf('condition-problems-health-concerns', condition)).toEqual([]);
  });

  it('records a denied finding as refuted, never as a positive condition', () => {
    const text = 'No evidence of pneumonia.';
    const parsed = analysis(text, {
      phrases: [
        phrase(text, 'pneumonia', 'problem', { assertion: negatedBy(text, 'No evidence of') }),
      ],
    });
    const built = buildProblemCondition(inputFor(parsed));
    const condition = built!.resource as Condition;
    expect(condition.verificationStatus?.coding?.[0].code).toBe('refuted');
    expect(condition.clinicalStatus?.coding?.[0].code).toBe('inactive');
    expect(condition.code?.coding).toBeUndefined();
    expect(condition.code?.text).toBe('pneumonia');
    expect(built!.derivations.find((item) => item.path === 'verificationStatus')?.text).toBe(
      'No evidence of',
    );
    expect(built!.description).toMatch(/^Refuted condition/);
    expect(problemsOf('condition-problems-health-concerns', condition)).toEqual([]);
  });

  it('prefers an affirmed problem over a denied one, marks an uncertain one provisional', () => {
    const text = 'Denies chest pain. Possible pneumonia.';
    const parsed = analysis(text, {
      phrases: [
        phrase(text, 'chest pain', 'problem', { assertion: negatedBy(text, 'Denies') }),
        phrase(text, 'pneumonia', 'problem', {
          assertion: assertion({ uncertain: true }, [at(text, 'Possible')]),
        }),
      ],
    });
    const condition = buildProblemCondition(inputFor(parsed))!.resource as Condition;
    expect(condition.code?.text).toBe('pneumonia');
    expect(condition.verificationStatus?.coding?.[0].code).toBe('provisional');
  });

  it("never takes a relative's condition for the patient's", () => {
    const text = 'Mother has breast cancer.';
    const parsed = analysis(text, {
      phrases: [
        phrase(text, 'breast cancer', 'problem', { assertion: assertion({ family: true }) }),
      ],
    });
    expect(buildProblemCondition(inputFor(parsed))).toBeNull();
  });

  it('builds an encounter diagnosis with its category and the encounter reference', () => {
    const text = "Diagnosed with acute bronchitis at today's visit.";
    const parsed = analysis(text, { phrases: [phrase(text, 'acute bronchitis', 'problem')] });
    const condition = buildEncounterDiagnosis(
      inputFor(parsed, [], { encounter: { reference: 'Encounter/e1' } }),
    )!.resource as Condition;
    expect(condition.meta?.profile?.[0]).toMatch(/us-core-condition-encounter-diagnosis$/);
    expect(condition.category?.[0].coding?.[0].code).toBe('encounter-diagnosis');
    expect(condition.encounter).toEqual({ reference: 'Encounter/e1' });
    expect(problemsOf('condition-encounter-diagnosis', condition)).toEqual([]);
  });

  it('answers null when the text states no problem', () => {
    expect(buildProblemCondition(inputFor(analysis('Feels well.')))).toBeNull();
  });
});
