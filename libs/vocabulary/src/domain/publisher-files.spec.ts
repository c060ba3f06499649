import { describe, expect, it } from 'vitest';
import {
  csvRecordToCode,
  dottedIcd10cm,
  parseIcd10cmOrderLine,
  PUBLISHER_VOCABULARIES,
  PublisherFormatError,
} from './publisher-files.js';

function orderLine(
  order: number,
  code: string,
  billable: 0 | 1,
  short: string,
  long: string,
): string {
  return `${String(order).padStart(5, '0')} ${code.padEnd(7)} ${billable} ${short.padEnd(60)} ${long}\r`;
}

describe('publisher files', () => {
  it('writes ICD-10-CM codes with their dot', () => {
    expect(dottedIcd10cm('E119')).toBe('E11.9');
    expect(dottedIcd10cm('e11.9')).toBe('E11.9');
    expect(dottedIcd10cm('A00')).toBe('A00');
    expect(dottedIcd10cm('S72001A')).toBe('S72.001A');
  });

  it('reads CDC order file records', () => {
    expect(parseIcd10cmOrderLine(orderLine(1, 'A00', 0, 'Cholera', 'Cholera'), 1)).toEqual({
      code: 'A00',
      name: 'Cholera',
      shortName: 'Cholera',
      billable: false,
    });
    const line = orderLine(
      17,
      'E119',
      1,
      'Type 2 diabetes mellitus without complications',
      'Type 2 diabetes mellitus without complications',
    );
    expect(parseIcd10cmOrderLine(line, 17)).toMatchObject({ code: 'E11.9', billable: true });
    expect(parseIcd10cmOrderLine('', 3)).toBeNull();
    expect(() => parseIcd10cmOrderLine('code,description', 1)).toThrow(PublisherFormatError);
  });

  it('names OMOP concept classes of ICD-10-CM codes', () => {
    const { conceptClassOf } = PUBLISHER_VOCABULARIES.icd10cm;
    expect(conceptClassOf({ code: 'E11', name: 'x', billable: false })).toBe('3-char nonbill code');
    expect(conceptClassOf({ code: 'E11.9', name: 'x', billable: true })).toBe(
      '4-char billing code',
    );
  });

  it('reads LOINC and HCPCS CSV records, marking retired codes', () => {
    expect(
      csvRecordToCode(
        'loinc',
        { loinc_num: '8480-6', long_common_name: 'Systolic blood pressure', status: 'ACTIVE' },
        2,
      ),
    ).toEqual({
      code: '8480-6',
      name: 'Systolic blood pressure',
      shortName: undefined,
      inactive: false,
    });
    expect(
      csvRecordToCode(
        'loinc',
        { loinc_num: '1-8', long_common_name: 'Old', status: 'DEPRECATED' },
        3,
      ).inactive,
    ).toBe(true);
    const hcpcs = csvRecordToCode(
      'hcpcs',
      {
        code: 'a0021',
        short_description: 'Outside state ambulance',
        long_description: 'Ambulance service, outside state',
        termination_date: '',
      },
      2,
    );
    expect(hcpcs).toMatchObject({
      code: 'A0021',
      name: 'Ambulance service, outside state',
      inactive: false,
    });
    expect(() => csvRecordToCode('hcpcs', { code: '', long_description: 'x' }, 9)).toThrow(
      'row 9: missing code or description',
    );
  });
});
