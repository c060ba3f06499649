import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../code-systems.js';
import type { Appointment, CarePlan, Coverage } from '../fhir.js';
import {
  analysis,
  date,
  inputFor,
  medication,
  negatedBy,
  phrase,
} from '../testing/analysis-fixtures.js';
import { problemsOf } from '../testing/expect-valid.js';
import { buildAppointment } from './appointment.js';
import { buildCarePlan } from './careplan.js';
import { buildCoverage } from './coverage.js';

describe('appointment builder', () => {
  it('books an appointment with start, end and practitioner when time and length are written', () => {
    const text = 'Appointment booked for 2025-04-02 at 10:30 with Dr. Patel for 30 minutes.';
    const parsed = analysis(text, {
      dates: [date(text, '2025-04-02 at 10:30', '2025-04-02T10:30:00')],
    });
    const built = buildAppointment(inputFor(parsed));
    const appointment = built!.resource as Appointment;
    expect(appointment).toMatchObject({
      status: 'booked',
      start: '2025-04-02T10:30:00Z',
      end: '2025-04-02T11:00:00Z',
      minutesDuration: 30,
    });
    expect(appointment.participant.map((item) => item.actor?.display)).toEqual([
      'Patient not identified in the text',
      'Dr. Patel',
    ]);
    expect(problemsOf('appointment', appointment)).toEqual([]);
  });

  it('keeps a timed appointment proposed when the text reads as a request', () => {
    const text = 'Patient would like an appointment on 2025-04-02 at 09:00 for 20 minutes.';
    const parsed = analysis(text, {
      dates: [date(text, '2025-04-02 at 09:00', '2025-04-02T09:00')],
    });
    const built = buildAppointment(inputFor(parsed));
    const appointment = built!.resource as Appointment;
    expect(appointment.status).toBe('proposed');
    expect(appointment.start).toBe('2025-04-02T09:00:00Z');
    expect(built!.derivations.find((item) => item.path === 'status')?.text).toBe('would like');
    expect(problemsOf('appointment', appointment)).toEqual([]);
  });

  it('keeps an appointment without a time of day proposed, with the requested date', () => {
    const text = 'Follow-up appointment on 2025-05-01 for diabetes.';
    const parsed = analysis(text, {
      dates: [date(text, '2025-05-01', '2025-05-01')],
      phrases: [phrase(text, 'diabetes', 'problem')],
    });
    const appointment = buildAppointment(inputFor(parsed))!.resource as Appointment;
    expect(appointment.status).toBe('proposed');
    expect(appointment.start).toBeUndefined();
    expect(appointment.requestedPeriod).toEqual([{ start: '2025-05-01' }]);
    expect(appointment.reasonCode?.[0].text).toBe('diabetes');
    expect(problemsOf('appointment', appointment)).toEqual([]);
  });
});

describe('careplan builder', () => {
  it('keeps the text as narrative and makes activities of medications and tests', () => {
    const text =
      'Plan: continue lisinopril 10 mg daily. Check <b>A1c</b> & lipids. Do not start statin.';
    const parsed = analysis(text, {
      medications: [
        medication(text, 'lisinopril 10 mg daily', 'lisinopril'),
        medication(text, 'statin', 'statin', { assertion: negatedBy(text, 'Do not start') }),
      ],
      phrases: [phrase(text, 'A1c', 'lab')],
    });
    const carePlan = buildCarePlan(inputFor(parsed))!.resource as CarePlan;
    expect(carePlan.text?.div).toContain('Check &lt;b&gt;A1c&lt;/b&gt; &amp; lipids');
    expect(carePlan.category?.[0].coding?.[0].code).toBe('assess-plan');
    expect(carePlan.activity?.map((activity) => activity.detail?.status)).toEqual([
      'in-progress',
      'not-started',
      'not-started',
    ]);
    expect(carePlan.activity?.[1].detail?.doNotPerform).toBe(true);
    expect(carePlan.activity?.[2].detail?.code?.text).toBe('A1c');
    expect(problemsOf('careplan', carePlan)).toEqual([]);
  });
});

describe('coverage builder', () => {
  it('reads the payer, member id, group and relationship', () => {
    const text = 'Insured by Aetna, member ID W123456789, group 55501. Subscriber is her husband.';
    const built = buildCoverage(inputFor(analysis(text)));
    const coverage = built!.resource as Coverage;
    expect(coverage).toMatchObject({
      status: 'active',
      subscriberId: 'W123456789',
      payor: [{ display: 'Aetna' }],
      relationship: { coding: [{ code: 'spouse' }] },
      class: [{ value: '55501' }],
      type: { coding: [{ system: SYSTEM.PAYER_TYPE, code: '5' }] },
    });
    expect(built!.derivations.find((item) => item.path === 'subscriberId')?.text).toBe(
      'W123456789',
    );
    expect(problemsOf('coverage', coverage)).toEqual([]);
  });

  it('knows Medicare as a government payer and defaults the relationship to self', () => {
    const coverage = buildCoverage(inputFor(analysis('Medicare Part B, effective 2024-01-01.')))!
      .resource as Coverage;
    expect(coverage.type?.coding?.[0].code).toBe('1');
    expect(coverage.relationship?.coding?.[0].code).toBe('self');
    expect(buildCoverage(inputFor(analysis('Feels well.')))).toBeNull();
  });
});
