import { describe, expect, it } from 'vitest';
import { parseFhirMoment } from './fhir-date.js';

describe('parseFhirMoment', () => {
  it('converts a dateTime with an offset to UTC, and takes the date from that instant', () => {
    expect(parseFhirMoment('1989-05-27T23:58:16-04:00')).toEqual({
      date: '1989-05-28',
      datetime: '1989-05-28T03:58:16Z',
      imputed: false,
    });
    expect(parseFhirMoment('2020-01-02T10:00:00.123Z')).toMatchObject({
      date: '2020-01-02',
      datetime: '2020-01-02T10:00:00Z',
    });
  });

  it('keeps a date without time as a date, and imputes partial dates to the first day', () => {
    expect(parseFhirMoment('1970-03-04')).toEqual({
      date: '1970-03-04',
      datetime: null,
      imputed: false,
    });
    expect(parseFhirMoment('2012-05')).toEqual({
      date: '2012-05-01',
      datetime: null,
      imputed: true,
    });
    expect(parseFhirMoment('2012')).toEqual({ date: '2012-01-01', datetime: null, imputed: true });
  });

  it('refuses what is not a FHIR date', () => {
    for (const value of [
      'yesterday',
      '2020-02-30',
      '2020-13-01',
      '2020-01-01T25:00:00Z',
      20200101,
      null,
    ]) {
      expect(parseFhirMoment(value)).toBeUndefined();
    }
  });
});
