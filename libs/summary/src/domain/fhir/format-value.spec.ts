import { describe, expect, it } from 'vitest';
import { formatFhirValue, formatHumanName, formatQuantity, preferredName } from './format-value.js';

describe('formatting FHIR values as text', () => {
  it('writes names with prefix, given names, family and suffix, or their text', () => {
    expect(
      formatHumanName({
        prefix: ['Dr.'],
        given: ['Ada', 'M.'],
        family: 'Lovelace',
        suffix: ['PhD'],
      }),
    ).toBe('Dr. Ada M. Lovelace PhD');
    expect(formatHumanName({ text: 'Ada Lovelace', family: 'X' })).toBe('Ada Lovelace');
    expect(formatHumanName({})).toBeUndefined();
  });

  it('prefers the official name, then usual, and puts maiden names last', () => {
    const names = [
      { use: 'maiden', family: 'Byron' },
      { family: 'Other' },
      { use: 'official', given: ['Ada'], family: 'King' },
    ];
    expect(preferredName(names)).toBe('Ada King');
    expect(preferredName([{ use: 'maiden', family: 'Byron' }, { family: 'Other' }])).toBe('Other');
  });

  it('writes quantities with comparator and unit (or code)', () => {
    expect(formatQuantity({ value: 120, unit: 'mmHg' })).toBe('120 mmHg');
    expect(formatQuantity({ value: 5, comparator: '<', code: 'mg' })).toBe('<5 mg');
    expect(formatQuantity({ value: 0.1 + 0.2 })).toBe('0.3');
  });

  it('uses the FHIR type when known and the shape otherwise', () => {
    expect(formatFhirValue({ coding: [{ code: 'x', display: 'Asthma' }] })).toBe('Asthma');
    expect(
      formatFhirValue({ text: 'Asthma', coding: [{ display: 'Other' }] }, 'CodeableConcept'),
    ).toBe('Asthma');
    expect(formatFhirValue({ start: '2020-01-01', end: '2020-01-05' }, 'Period')).toBe(
      '2020-01-01 to 2020-01-05',
    );
    expect(
      formatFhirValue({ low: { value: 1, unit: 'mg' }, high: { value: 2, unit: 'mg' } }, 'Range'),
    ).toBe('1 mg to 2 mg');
    expect(
      formatFhirValue(
        { line: ['1 Main St'], city: 'Springfield', state: 'IL', country: 'US' },
        'Address',
      ),
    ).toBe('1 Main St, Springfield IL, US');
    expect(formatFhirValue({ reference: 'Patient/1', display: 'Ada' })).toBe('Ada');
    expect(formatFhirValue(['a', 'b'])).toBe('a, b');
    expect(formatFhirValue(true)).toBe('true');
    expect(formatFhirValue({ status: 'generated', div: '<div/>' }, 'Narrative')).toBeUndefined();
  });
});
