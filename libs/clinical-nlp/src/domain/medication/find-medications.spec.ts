import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text/split-sentences.js';
import { findMedications } from './find-medications.js';

const medsIn = (text: string) => findMedications(text, splitSentences(text));

describe('findMedications', () => {
  it('reads name, strength, dose form, route and timing', () => {
    const text = 'Started lisinopril 10 mg tablet by mouth daily for hypertension.';
    const [med] = medsIn(text);
    expect(med.name).toEqual({ start: 8, end: 18, text: 'lisinopril' });
    expect(med.ingredient).toBe('lisinopril');
    expect(med.strength).toMatchObject({ value: 10, unit: 'mg', text: '10 mg' });
    expect(med.doseForm).toBe('Oral Tablet');
    expect(med.route?.code).toBe('26643006');
    expect(med.timing).toMatchObject({ frequency: 1, period: 1, periodUnit: 'd' });
    expect(med.span.text).toBe('lisinopril 10 mg tablet by mouth daily');
    expect(text.slice(med.sig!.start, med.sig!.end)).toBe(med.sig!.text);
  });

  it('separates two medications in one sentence', () => {
    const found = medsIn('Metformin 500 mg PO BID and atorvastatin 40 mg qhs.');
    expect(found.map((m) => [m.name.text, m.strength?.value, m.timing?.code?.code])).toEqual([
      ['Metformin', 500, 'BID'],
      ['atorvastatin', 40, 'BED'],
    ]);
  });

  it.each([
    [
      'metoprolol succinate ER 50 mg tablet daily',
      'metoprolol',
      50,
      'Extended Release Oral Tablet',
    ],
    ['omeprazole 20 mg DR capsule', 'omeprazole', 20, 'Delayed Release Oral Capsule'],
    ['amoxicillin 250 mg/5 mL oral suspension', 'amoxicillin', 250, 'Oral Suspension'],
    ['albuterol HFA 2 puffs q4h prn', 'albuterol', undefined, 'Metered Dose Inhaler'],
    ['nitroglycerin 0.4 mg sublingual tablet', 'nitroglycerin', 0.4, 'Sublingual Tablet'],
    ['hydrocortisone 1% cream twice daily', 'hydrocortisone', 1, 'Topical Cream'],
  ])('%s', (text, name, strength, form) => {
    const [med] = medsIn(text);
    expect(med.name.text.toLowerCase()).toBe(name);
    expect(med.strength?.value).toBe(strength);
    expect(med.doseForm).toBe(form);
  });

  it('keeps a dose range', () => {
    const [med] = medsIn('oxycodone 5 mg 1-2 tabs po q4h prn pain');
    expect(med.strength).toMatchObject({ value: 5, unit: 'mg' });
    expect(med.doseRange).toMatchObject({
      low: { value: 1, unit: '{tbl}' },
      high: { value: 2, unit: '{tbl}' },
    });
    expect(med.asNeededFor).toBe('pain');
  });

  it('maps a brand name to its ingredient', () => {
    const [med] = medsIn('Lipitor 20 mg daily');
    expect(med.name.text).toBe('Lipitor');
    expect(med.ingredient).toBe('atorvastatin');
  });

  it('takes insulin units as the dose, not a strength', () => {
    const [med] = medsIn('Lantus 20 units subcutaneously at bedtime');
    expect(med.strength).toBeUndefined();
    expect(med.doseQuantity).toMatchObject({ value: 20, unit: 'U' });
    expect(med.route?.code).toBe('34206005');
    expect(med.timing?.when).toEqual(['HS']);
  });

  it('recognises an unlisted drug by its name ending or context and its strength', () => {
    expect(medsIn('Continue olmesartan 20 mg daily.').map((m) => m.name.text)).toEqual([
      'olmesartan',
    ]);
    expect(medsIn('She was prescribed Zyxelix 20 mg twice daily.').map((m) => m.name.text)).toEqual(
      ['Zyxelix'],
    );
  });

  it('does not take lab results or allergens for medications', () => {
    expect(medsIn('Hemoglobin 10.2 g/dL. Glucose 180 mg/dL. Sodium 140 mmol/L.')).toEqual([]);
    expect(medsIn('Allergic to penicillin and aspirin.')).toEqual([]);
  });

  it('keeps the as-needed reason and the negation', () => {
    const [prn] = medsIn('Take ibuprofen 400 mg every 6 hours as needed for pain.');
    expect(prn.asNeeded).toBe(true);
    expect(prn.asNeededFor).toBe('pain');
    const [denied] = medsIn('Patient denies taking aspirin.');
    expect(denied.assertion.negated).toBe(true);
    const [stopped] = medsIn('Stopped metformin last week.');
    expect(stopped.assertion.negated).toBe(true);
  });
});
