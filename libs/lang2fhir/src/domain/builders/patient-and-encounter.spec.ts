import { describe, expect, it } from 'vitest';
import type { Encounter, Patient } from '../fhir.js';
import { GENERATED_ID_SYSTEM, TEXT_MRN_SYSTEM } from '../code-systems.js';
import { analysis, at, date, inputFor, phrase } from '../testing/analysis-fixtures.js';
import { problemsOf } from '../testing/expect-valid.js';
import { buildEncounter } from './encounter.js';
import { buildPatient } from './patient.js';

describe('patient builder', () => {
  it('keeps the MRN, name, gender and birth date the text gives', () => {
    const text = 'John Smith, male, born 1980-05-17, MRN 12345678.';
    const parsed = analysis(text, {
      person: {
        given: ['John'],
        family: 'Smith',
        nameSpan: at(text, 'John Smith'),
        gender: 'male',
        genderSpan: at(text, 'male'),
        birthDate: '1980-05-17',
        birthDateSpan: at(text, '1980-05-17'),
        identifiers: [{ kind: 'MRN', value: '12345678', span: at(text, '12345678') }],
      },
    });
    const built = buildPatient(inputFor(parsed));
    const patient = built!.resource as Patient;
    expect(patient.identifier).toEqual([
      expect.objectContaining({ system: TEXT_MRN_SYSTEM, value: '12345678' }),
    ]);
    expect(patient.name).toEqual([{ use: 'official', family: 'Smith', given: ['John'] }]);
    expect(patient).toMatchObject({ gender: 'male', birthDate: '1980-05-17' });
    expect(built!.derivations.map((item) => item.path)).toEqual(
      expect.arrayContaining(['name[0]', 'gender', 'birthDate', 'identifier[0]']),
    );
    expect(problemsOf('patient', patient)).toEqual([]);
  });

  it('generates an identifier when the text gives none, and says what is unknown', () => {
    const text = 'Jane Doe.';
    const parsed = analysis(text, {
      person: { given: ['Jane'], family: 'Doe', nameSpan: at(text, 'Jane Doe'), identifiers: [] },
    });
    const patient = buildPatient(inputFor(parsed))!.resource as Patient;
    expect(patient.identifier).toEqual([
      { system: GENERATED_ID_SYSTEM, value: '00000000-0000-4000-8000-000000000001' },
    ]);
    expect(patient.gender).toBe('unknown');
    expect(problemsOf('patient', patient)).toEqual([]);
  });

  it('answers null when the text describes no person', () => {
    expect(buildPatient(inputFor(analysis('Hypertension.')))).toBeNull();
  });
});

describe('encounter builder', () => {
  it('reads an emergency visit with its date and reasons', () => {
    const text = 'Seen in the ED on 2025-02-14 for chest pain.';
    const parsed = analysis(text, {
      phrases: [phrase(text, 'chest pain', 'problem')],
      dates: [date(text, '2025-02-14', '2025-02-14')],
    });
    const built = buildEncounter(inputFor(parsed));
    const encounter = built!.resource as Encounter;
    expect(encounter).toMatchObject({
      status: 'finished',
      class: { code: 'EMER' },
      type: [{ coding: [{ code: '50849002' }] }],
      period: { start: '2025-02-14' },
      reasonCode: [{ text: 'chest pain' }],
    });
    expect(built!.derivations.find((item) => item.path === 'class')?.text).toBe('ED');
    expect(problemsOf('encounter', encounter)).toEqual([]);
  });

  it('defaults to an ambulatory encounter, planned when the text looks ahead', () => {
    const text = 'Follow-up visit next week.';
    const encounter = buildEncounter(inputFor(analysis(text)))!.resource as Encounter;
    expect(encounter.class.code).toBe('AMB');
    expect(encounter.status).toBe('planned');
    expect(encounter.type?.[0].coding?.[0].code).toBe('390906007');
    expect(problemsOf('encounter', encounter)).toEqual([]);
    expect(buildEncounter(inputFor(analysis('Feels well.')))).toBeNull();
  });
});
