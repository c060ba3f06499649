import { describe, expect, it } from 'vitest';
import { parseSig } from './parse-sig.js';

interface Expected {
  dose?: number | [number, number];
  unit?: string;
  route?: string;
  frequency?: number;
  period?: number;
  periodMax?: number;
  periodUnit?: string;
  when?: string[];
  code?: string;
  asNeeded?: boolean;
  reason?: string;
  duration?: [number, string];
  count?: number;
}

// Sigs written for these tests, with what each must yield.
const SIGS: [string, Expected][] = [
  [
    '1 tab po bid',
    {
      dose: 1,
      unit: '{tbl}',
      route: '26643006',
      frequency: 2,
      period: 1,
      periodUnit: 'd',
      code: 'BID',
    },
  ],
  [
    'take 1 tablet by mouth daily',
    { dose: 1, unit: '{tbl}', route: '26643006', frequency: 1, periodUnit: 'd', code: 'QD' },
  ],
  [
    'take 2 capsules by mouth three times a day',
    { dose: 2, unit: '{capsule}', frequency: 3, code: 'TID' },
  ],
  ['1 cap PO QID', { dose: 1, frequency: 4, code: 'QID' }],
  [
    'take one tablet by mouth every 8 hours',
    { dose: 1, frequency: 1, period: 8, periodUnit: 'h', code: 'Q8H' },
  ],
  ['1 tab q4h', { frequency: 1, period: 4, periodUnit: 'h', code: 'Q4H' }],
  ['2 tabs q 6 h', { dose: 2, period: 6, periodUnit: 'h', code: 'Q6H' }],
  ['1 tab every 12 hours', { period: 12, periodUnit: 'h' }],
  [
    '1-2 tabs po q4-6h prn pain',
    { dose: [1, 2], period: 4, periodMax: 6, periodUnit: 'h', asNeeded: true, reason: 'pain' },
  ],
  ['take 1 tablet at bedtime', { dose: 1, when: ['HS'], frequency: 1, code: 'BED' }],
  ['1 cap qhs', { when: ['HS'], code: 'BED' }],
  ['take 1 tablet every morning', { when: ['MORN'], frequency: 1, code: 'AM' }],
  ['1 tab qam', { when: ['MORN'], code: 'AM' }],
  ['take 1 tablet in the evening', { when: ['EVE'], code: 'PM' }],
  [
    'take 1 tablet in the morning and 1 tablet at bedtime',
    { when: ['MORN', 'HS'], frequency: 2, period: 1 },
  ],
  ['1 tab po every other day', { frequency: 1, period: 2, periodUnit: 'd', code: 'QOD' }],
  [
    'inject 0.4 mL subcutaneously once weekly',
    { dose: 0.4, unit: 'mL', route: '34206005', periodUnit: 'wk', code: 'WK' },
  ],
  [
    'inject 1 injection into the muscle once a month',
    { route: '78421000', periodUnit: 'mo', code: 'MO' },
  ],
  [
    'take 500 mg by mouth twice daily for 10 days',
    { dose: 500, unit: 'mg', frequency: 2, duration: [10, 'd'] },
  ],
  ['take 1 tablet daily x 5 days', { duration: [5, 'd'] }],
  ['1 tab daily for 2 weeks', { duration: [2, 'wk'] }],
  ['use for a month', { duration: [1, 'mo'] }],
  ['take 1 tablet as needed for anxiety', { asNeeded: true, reason: 'anxiety' }],
  [
    'take 2 tablets every 6 hours as needed for fever or pain',
    { dose: 2, asNeeded: true, reason: 'fever or pain' },
  ],
  ['1 tab po prn', { asNeeded: true }],
  ['for sleep as needed take 1 tablet', { asNeeded: true, reason: 'sleep' }],
  [
    'inhale 2 puffs every 4 hours as needed for wheezing',
    { dose: 2, unit: '{puff}', route: '447694001', period: 4, reason: 'wheezing' },
  ],
  [
    'instill 1 drop in each eye twice daily',
    { dose: 1, unit: '[drp]', route: '54485002', frequency: 2, code: 'BID' },
  ],
  ['place 3 drops in the left ear three times daily', { dose: 3, route: '10547007', frequency: 3 }],
  ['2 sprays in each nostril daily', { dose: 2, unit: '{spray}', route: '46713006', frequency: 1 }],
  ['apply a thin layer topically to affected area twice daily', { route: '6064005', frequency: 2 }],
  [
    'dissolve 1 tablet under the tongue every 5 minutes as needed for chest pain',
    { route: '37839007', period: 5, periodUnit: 'min', reason: 'chest pain' },
  ],
  [
    'insert 1 suppository rectally at bedtime',
    { dose: 1, unit: '{suppository}', route: '37161004', when: ['HS'] },
  ],
  ['give 1 g IV every 8 hours', { dose: 1, unit: 'g', route: '47625008', period: 8 }],
  ['10 units subq before meals', { dose: 10, unit: 'U', route: '34206005', when: ['AC'] }],
  ['take 1 tablet with meals', { when: ['C'] }],
  ['take 1 capsule before breakfast', { when: ['ACM'], frequency: 1 }],
  ['5 mL po tid', { dose: 5, unit: 'mL', frequency: 3 }],
  ['1 tsp by mouth at bedtime', { dose: 1, unit: '[tsp_us]', when: ['HS'] }],
  ['take 1/2 tablet by mouth daily', { dose: 0.5, unit: '{tbl}' }],
  ['take 1 tab b.i.d.', { code: 'BID', frequency: 2 }],
  ['1 tab T.I.D.', { code: 'TID' }],
  ['take 1 tablet 1-2 times a day', { frequency: 1, periodUnit: 'd' }],
  ['take 1 tablet every 3 days', { period: 3, periodUnit: 'd' }],
  ['1 tab q8h x 3 doses', { period: 8, count: 3 }],
  ['1 tab sl now, may repeat', { route: '37839007' }],
  ['take 1 tablet by mouth once', { count: 1 }],
  [
    'apply 1 patch to the skin every 72 hours',
    { dose: 1, unit: '{patch}', period: 72, periodUnit: 'h' },
  ],
  ['1 tab po bidx10 days', { frequency: 2, duration: [10, 'd'] }],
  ['1 tab po tidprn nausea', { frequency: 3, asNeeded: true, reason: 'nausea' }],
];

describe('parseSig', () => {
  it.each(SIGS)('%s', (sig, expected) => {
    const parsed = parseSig(sig);
    if (expected.dose !== undefined) {
      if (Array.isArray(expected.dose)) {
        expect(parsed.doseRange?.low.value).toBe(expected.dose[0]);
        expect(parsed.doseRange?.high.value).toBe(expected.dose[1]);
      } else {
        expect(parsed.doseQuantity?.value).toBe(expected.dose);
      }
    }
    if (expected.unit)
      expect(parsed.doseQuantity?.unit ?? parsed.doseRange?.low.unit).toBe(expected.unit);
    if (expected.route) expect(parsed.route?.code).toBe(expected.route);
    const timing = parsed.timing ?? {};
    if (expected.frequency !== undefined) expect(timing.frequency).toBe(expected.frequency);
    if (expected.period !== undefined) expect(timing.period).toBe(expected.period);
    if (expected.periodMax !== undefined) expect(timing.periodMax).toBe(expected.periodMax);
    if (expected.periodUnit) expect(timing.periodUnit).toBe(expected.periodUnit);
    if (expected.when) expect(timing.when).toEqual(expected.when);
    if (expected.code) expect(timing.code?.code).toBe(expected.code);
    if (expected.count !== undefined) expect(timing.count).toBe(expected.count);
    if (expected.asNeeded !== undefined) expect(parsed.asNeeded).toBe(expected.asNeeded);
    if (expected.reason) expect(parsed.asNeededFor).toBe(expected.reason);
    if (expected.duration) {
      expect(parsed.duration).toMatchObject({
        value: expected.duration[0],
        unit: expected.duration[1],
      });
      expect(timing.boundsDuration).toEqual(parsed.duration);
    }
  });

  it('has more than 30 sigs of its own', () => {
    expect(SIGS.length).toBeGreaterThan(30);
  });

  it('gives the spans it understood, with an offset when asked', () => {
    const text = 'take 1 tab po bid';
    const parsed = parseSig(text, 100);
    expect(parsed.spans.map((s) => s.text)).toEqual(['1 tab', 'po', 'bid']);
    expect(parsed.spans.map((s) => text.slice(s.start - 100, s.end - 100))).toEqual([
      '1 tab',
      'po',
      'bid',
    ]);
  });

  it('does not take a strength in the middle of a sig for the dose', () => {
    const parsed = parseSig('take one 150 mg tablet twice a day');
    expect(parsed.doseQuantity).toMatchObject({ value: 1, unit: '{tbl}' });
  });

  it('is not as-needed without the words, and has no reason without one', () => {
    expect(parseSig('1 tab daily').asNeeded).toBeUndefined();
    expect(parseSig('1 tab prn').asNeededFor).toBeUndefined();
  });

  it('understands nothing in text that is not a sig, without throwing', () => {
    expect(parseSig('the quick brown fox')).toEqual({ spans: [] });
    expect(parseSig('')).toEqual({ spans: [] });
  });
});
