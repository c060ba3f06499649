import { describe, expect, it } from 'vitest';
import { detectKind } from './detect-kind.js';
import {
  analysis,
  assertion,
  at,
  medication,
  negatedBy,
  phrase,
  vital,
} from './testing/analysis-fixtures.js';

const LOINC_HR = { system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' };

describe('detectKind (auto)', () => {
  it('recognises forms: answered questions are a response, unanswered ones a questionnaire', () => {
    expect(detectKind(analysis('Do you smoke? No. Do you drink? Yes.'))?.kind).toBe(
      'questionnaireresponse',
    );
    expect(detectKind(analysis('Intake survey\nDo you smoke?\nDo you drink?'))?.kind).toBe(
      'questionnaire',
    );
  });

  it('lets words that name a kind decide: insurance, appointment, care plan', () => {
    expect(detectKind(analysis('Covered by Blue Cross, member ID X1234567.'))?.kind).toBe(
      'coverage',
    );
    expect(detectKind(analysis('Appointment with cardiology on 2025-04-02.'))?.kind).toBe(
      'appointment',
    );
    expect(detectKind(analysis('Care plan: walk 30 minutes daily.'))?.kind).toBe('careplan');
  });

  it('tells an order from a prescription from a diagnosis at a visit', () => {
    const order = 'Order a chest CT.';
    expect(
      detectKind(analysis(order, { phrases: [phrase(order, 'chest CT', 'procedure')] }))?.kind,
    ).toBe('servicerequest');
    const prescription = 'Start amoxicillin 500 mg three times daily.';
    expect(
      detectKind(
        analysis(prescription, {
          medications: [medication(prescription, 'amoxicillin 500 mg', 'amoxicillin')],
        }),
      )?.kind,
    ).toBe('medicationrequest');
    const diagnosis = 'Seen today in clinic; diagnosed with otitis media.';
    expect(
      detectKind(analysis(diagnosis, { phrases: [phrase(diagnosis, 'otitis media', 'problem')] }))
        ?.kind,
    ).toBe('condition-encounter-diagnosis');
  });

  it('takes a visit whose problems are its reasons for an encounter', () => {
    const text = 'Seen in the ED on 2025-02-14 for chest pain.';
    const parsed = analysis(text, { phrases: [phrase(text, 'chest pain', 'problem')] });
    expect(detectKind(parsed)?.kind).toBe('encounter');
    const stated = 'Seen in clinic today. Has asthma.';
    expect(
      detectKind(analysis(stated, { phrases: [phrase(stated, 'asthma', 'problem')] }))?.kind,
    ).toBe('condition-problems-health-concerns');
  });

  it('otherwise counts mentions: vital signs over a single problem', () => {
    const text = 'HR 88, HR 90 later. Anxious.';
    const parsed = analysis(text, {
      vitals: [
        vital(text, 'HR 88', 'heart-rate', LOINC_HR, { value: 88, unit: '/min' }),
        vital(text, 'HR 90', 'heart-rate', LOINC_HR, { value: 90, unit: '/min' }),
      ],
      phrases: [phrase(text, 'Anxious', 'problem')],
    });
    expect(detectKind(parsed)).toEqual({ kind: 'vital-signs', reason: '2 vital signs' });
  });

  it('ignores relatives, still builds a denied problem, and falls back to a person', () => {
    const family = 'Father had colon cancer.';
    expect(
      detectKind(
        analysis(family, {
          phrases: [
            phrase(family, 'colon cancer', 'problem', { assertion: assertion({ family: true }) }),
          ],
        }),
      ),
    ).toBeNull();
    const denied = 'No chest pain.';
    expect(
      detectKind(
        analysis(denied, {
          phrases: [
            phrase(denied, 'chest pain', 'problem', { assertion: negatedBy(denied, 'No') }),
          ],
        }),
      )?.kind,
    ).toBe('condition-problems-health-concerns');
    const person = 'Maria Lopez, female.';
    expect(
      detectKind(
        analysis(person, {
          person: {
            given: ['Maria'],
            family: 'Lopez',
            nameSpan: at(person, 'Maria Lopez'),
            identifiers: [],
          },
        }),
      )?.kind,
    ).toBe('patient');
    expect(detectKind(analysis('Thank you.'))).toBeNull();
  });

  it('reads a procedure reported as done even when the engine has no phrase for it', () => {
    expect(detectKind(analysis('Underwent cardiac catheterization yesterday'))?.kind).toBe(
      'procedure',
    );
    expect(detectKind(analysis('Knee arthroscopy performed this visit'))?.kind).toBe('procedure');
    expect(detectKind(analysis('s/p excision of sebaceous cyst'))?.kind).toBe('procedure');
  });

  it('reads "s/p" with only a problem as a past problem', () => {
    const text = 's/p myocardial infarction in 2019';
    const found = analysis(text, { phrases: [phrase(text, 'myocardial infarction', 'problem')] });
    expect(detectKind(found)?.kind).not.toBe('procedure');
  });

  it('reads a named test the engine has no phrase for, reported with its result, as a result', () => {
    expect(detectKind(analysis('Tilt table testing revealed a drop of 30 points.'))?.kind).toBe(
      'observation-clinical-result',
    );
    expect(detectKind(analysis('Showed up late.'))).toBeNull();
  });
});
