import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text/split-sentences.js';
import { findVitalSigns } from './find-vital-signs.js';

const vitalsIn = (text: string) => findVitalSigns(text, splitSentences(text));

describe('findVitalSigns', () => {
  it('reads a vitals line with every kind and its LOINC code', () => {
    const text =
      'Vitals: T 98.6 F, HR 88, BP 132/84, RR 16, SpO2 97% on RA, Wt 82 kg, Ht 5\'10", BMI 26.1';
    const found = vitalsIn(text);
    expect(found.map((v) => [v.kind, v.code.code])).toEqual([
      ['body-temperature', '8310-5'],
      ['heart-rate', '8867-4'],
      ['blood-pressure', '85354-9'],
      ['respiratory-rate', '9279-1'],
      ['oxygen-saturation', '59408-5'],
      ['body-weight', '29463-7'],
      ['body-height', '8302-2'],
      ['bmi', '39156-5'],
    ]);
    expect(found.map((v) => v.span.text)).toEqual([
      'T 98.6 F',
      'HR 88',
      'BP 132/84',
      'RR 16',
      'SpO2 97%',
      'Wt 82 kg',
      'Ht 5\'10"',
      'BMI 26.1',
    ]);
    for (const vital of found)
      expect(text.slice(vital.span.start, vital.span.end)).toBe(vital.span.text);
  });

  it('gives blood pressure as a panel with systolic and diastolic components', () => {
    const [bp] = vitalsIn('Blood pressure was 145/92 mmHg.');
    expect(bp.kind).toBe('blood-pressure');
    expect(bp.value).toBeUndefined();
    expect(bp.components).toEqual([
      {
        code: expect.objectContaining({ code: '8480-6' }),
        value: { value: 145, unit: 'mm[Hg]', unitText: 'mmHg' },
      },
      {
        code: expect.objectContaining({ code: '8462-4' }),
        value: { value: 92, unit: 'mm[Hg]', unitText: 'mmHg' },
      },
    ]);
  });

  it.each([
    ['BP 120 over 80', [120, 80]],
    ['B/P: 110/70', [110, 70]],
    ['her blood pressure of 150/95', [150, 95]],
    ['measured 128/76 mmHg in clinic', [128, 76]],
  ])('blood pressure in "%s"', (text, [systolic, diastolic]) => {
    const [bp] = vitalsIn(text);
    expect(bp.components?.map((c) => c.value.value)).toEqual([systolic, diastolic]);
  });

  it.each([
    ['Temp 38.2', 38.2, 'Cel'],
    ['temperature of 101.3 degrees F', 101.3, '[degF]'],
    ['T 37 °C', 37, 'Cel'],
    ['Tmax 102.4', 102.4, '[degF]'],
    ['febrile to 39.1 C', 39.1, 'Cel'],
  ])('temperature in "%s" with the scale written or inferred', (text, value, unit) => {
    const [temp] = vitalsIn(text);
    expect(temp.kind).toBe('body-temperature');
    expect(temp.value).toMatchObject({ value, unit });
  });

  it.each([
    ['pulse 110 bpm', 'heart-rate', 110, '/min'],
    ['HR: 62', 'heart-rate', 62, '/min'],
    ['P 72', 'heart-rate', 72, '/min'],
    ['92 beats per minute', 'heart-rate', 92, '/min'],
    ['respiratory rate 22', 'respiratory-rate', 22, '/min'],
    ['R 18', 'respiratory-rate', 18, '/min'],
    ['breathing 24 breaths/min', 'respiratory-rate', 24, '/min'],
    ['O2 sat 91% on 2L NC', 'oxygen-saturation', 91, '%'],
    ['saturating 95% on room air', 'oxygen-saturation', 95, '%'],
    ['96% on RA', 'oxygen-saturation', 96, '%'],
    ['weighs 180 lbs', 'body-weight', 180, '[lb_av]'],
    ['weight 70.5 kg', 'body-weight', 70.5, 'kg'],
    ['height 170 cm', 'body-height', 170, 'cm'],
    ['height 70 in', 'body-height', 70, '[in_i]'],
    ['5 ft 6 in tall', 'body-height', 66, '[in_i]'],
    ['BMI 31.2 kg/m2', 'bmi', 31.2, 'kg/m2'],
  ])('"%s" → %s %d %s', (text, kind, value, unit) => {
    const found = vitalsIn(text);
    expect(found).toHaveLength(1);
    expect(found[0].kind).toBe(kind);
    expect(found[0].value).toMatchObject({ value, unit });
  });

  it('codes arterial saturation 2708-6 and keeps the other code for US Core', () => {
    const [sat] = vitalsIn('SaO2 of 94%');
    expect(sat.code.code).toBe('2708-6');
    expect(sat.additionalCodes?.map((c) => c.code)).toEqual(['59408-5']);
    const [spo2] = vitalsIn('SpO2 99%');
    expect(spo2.code.code).toBe('59408-5');
    expect(spo2.additionalCodes?.map((c) => c.code)).toEqual(['2708-6']);
  });

  it.each([
    'HR 2 mg of morphine',
    'Temp 12',
    'BP 1/2',
    'weight 2 tablets',
    'Tap the P button',
    'Patient was seen in room 120/80',
  ])('reads no vital sign in "%s"', (text) => {
    expect(vitalsIn(text)).toEqual([]);
  });

  it('gives each vital sign its assertion in its sentence', () => {
    const [temp] = vitalsIn('No temperature 38.5 recorded at home.');
    expect(temp.assertion.negated).toBe(true);
  });
});
