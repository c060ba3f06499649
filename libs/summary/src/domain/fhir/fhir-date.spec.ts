import { describe, expect, it } from 'vitest';
import { ageInYears, formatDateParts, parseFhirDate, unknownPatternLetters } from './fhir-date.js';

describe('FHIR dates', () => {
  it('reads partial dates, dateTimes and instants lexically', () => {
    expect(parseFhirDate('1970')).toEqual({ year: 1970 });
    expect(parseFhirDate('1970-03')).toEqual({ year: 1970, month: 3 });
    expect(parseFhirDate('2015-06-01T22:30:05.123-05:00')).toEqual({
      year: 2015,
      month: 6,
      day: 1,
      hour: 22,
      minute: 30,
      second: 5,
    });
    expect(parseFhirDate('2015-13-01')).toBeNull();
    expect(parseFhirDate('yesterday')).toBeNull();
    expect(parseFhirDate(19700315)).toBeNull();
  });

  it('formats in the offset the value was written in', () => {
    const parts = parseFhirDate('2015-06-01T22:30:00-05:00');
    expect(parts).not.toBeNull();
    expect(formatDateParts(parts!, 'MMMM d, yyyy h:mm a')).toBe('June 1, 2015 10:30 PM');
    expect(formatDateParts(parts!, 'dd/MM/yy HH:mm')).toBe('01/06/15 22:30');
    expect(formatDateParts(parts!, 'EEEE d MMM yyyy')).toBe('Monday 1 Jun 2015');
    expect(formatDateParts(parts!, 'MMMM d, yyyy "at" HH:mm')).toBe('June 1, 2015 at 22:30');
  });

  it('gives null when the pattern needs a field the value does not have', () => {
    expect(formatDateParts(parseFhirDate('1970-03')!, 'MMMM d, yyyy')).toBeNull();
    expect(formatDateParts(parseFhirDate('1970-03')!, 'MMMM yyyy')).toBe('March 1970');
  });

  it('lists pattern letters that are not fields', () => {
    expect(unknownPatternLetters('MMMM d, yyyy')).toEqual([]);
    expect(unknownPatternLetters('MMMM d at HH')).toEqual(['t']);
    expect(unknownPatternLetters('d "at" HH')).toEqual([]);
  });

  it('counts whole years up to the day before the birthday', () => {
    const birth = parseFhirDate('1970-03-15')!;
    expect(ageInYears(birth, new Date('2020-03-14T23:00:00Z'))).toBe(49);
    expect(ageInYears(birth, new Date('2020-03-15T00:00:00Z'))).toBe(50);
    expect(ageInYears(parseFhirDate('1970')!, new Date('2020-06-01T00:00:00Z'))).toBe(50);
  });
});
