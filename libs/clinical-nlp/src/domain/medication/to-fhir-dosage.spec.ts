import { describe, expect, it } from 'vitest';
import { parseSig } from './parse-sig.js';
import { toFhirDosage } from './to-fhir-dosage.js';

const UCUM = 'http://unitsofmeasure.org';

describe('toFhirDosage', () => {
  it('builds an R4 Dosage with timing, route, dose and text', () => {
    const sig = '1 tab po bid x 10 days';
    expect(toFhirDosage(parseSig(sig), sig)).toEqual({
      text: sig,
      timing: {
        repeat: {
          boundsDuration: { value: 10, unit: 'days', system: UCUM, code: 'd' },
          frequency: 2,
          period: 1,
          periodUnit: 'd',
        },
        code: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation',
              code: 'BID',
              display: 'BID',
            },
          ],
          text: 'bid',
        },
      },
      route: {
        coding: [{ system: 'http://snomed.info/sct', code: '26643006', display: 'Oral route' }],
        text: 'po',
      },
      doseAndRate: [{ doseQuantity: { value: 1, unit: 'tab', system: UCUM, code: '{tbl}' } }],
    });
  });

  it('uses asNeededCodeableConcept when a reason is given, asNeededBoolean otherwise', () => {
    const withReason = toFhirDosage(parseSig('1 tab q6h prn pain'));
    expect(withReason.asNeededCodeableConcept).toEqual({ text: 'pain' });
    expect(withReason.asNeededBoolean).toBeUndefined();
    const bare = toFhirDosage(parseSig('1 tab q6h prn'));
    expect(bare.asNeededBoolean).toBe(true);
    expect(bare.asNeededCodeableConcept).toBeUndefined();
  });

  it('writes a dose range and period ranges', () => {
    const dosage = toFhirDosage(parseSig('1-2 puffs every 4-6 hours'));
    expect(dosage.doseAndRate).toEqual([
      {
        doseRange: {
          low: { value: 1, unit: 'puffs', system: UCUM, code: '{puff}' },
          high: { value: 2, unit: 'puffs', system: UCUM, code: '{puff}' },
        },
      },
    ]);
    expect(dosage.timing?.repeat).toEqual({
      frequency: 1,
      period: 4,
      periodMax: 6,
      periodUnit: 'h',
    });
    expect(dosage.timing?.code).toBeUndefined();
  });

  it('writes when and count', () => {
    expect(toFhirDosage(parseSig('1 tab at bedtime')).timing).toMatchObject({
      repeat: { when: ['HS'], frequency: 1, period: 1, periodUnit: 'd' },
      code: { coding: [expect.objectContaining({ code: 'BED' })] },
    });
    expect(toFhirDosage(parseSig('1 tab q8h x 3 doses')).timing?.repeat?.count).toBe(3);
  });

  it('gives an empty Dosage (but the text) for a sig it does not understand', () => {
    expect(toFhirDosage(parseSig('as directed'), 'as directed')).toEqual({ text: 'as directed' });
    expect(toFhirDosage({ spans: [] })).toEqual({});
  });

  it('keeps a dose without a unit unitless rather than inventing one', () => {
    expect(toFhirDosage(parseSig('1 po qd')).doseAndRate).toEqual([{ doseQuantity: { value: 1 } }]);
  });
});
