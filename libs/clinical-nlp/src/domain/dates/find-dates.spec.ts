import { describe, expect, it } from 'vitest';
import { findDates } from './find-dates.js';

const REFERENCE = new Date('2024-05-10T12:00:00Z');
const datesIn = (text: string) =>
  findDates(text, REFERENCE).map((d) => [d.span.text, d.value, d.relative]);

describe('findDates', () => {
  it.each([
    ['DOB 1980-03-04', [['1980-03-04', '1980-03-04', false]]],
    ['born on March 4, 1980', [['March 4, 1980', '1980-03-04', false]]],
    ['seen on 05/01/2024', [['05/01/2024', '2024-05-01', false]]],
    ['started in March 2020', [['March 2020', '2020-03', false]]],
    ['diagnosed in 2019', [['2019', '2019', false]]],
    ['seen yesterday', [['yesterday', '2024-05-09', true]]],
    ['chest pain started 3 days ago', [['3 days ago', '2024-05-07', true]]],
    ['follow up next Tuesday', [['next Tuesday', '2024-05-14', true]]],
    ['return in 2 weeks', [['in 2 weeks', '2024-05-24', true]]],
    ['admitted today', [['today', '2024-05-10', true]]],
    ['last year', [['last year', '2023', true]]],
  ])('%s', (text, expected) => {
    expect(datesIn(text)).toEqual(expected);
  });

  it('gives a date-time when a time is written', () => {
    const [mention] = findDates('seen on 2024-05-01 at 3:30 pm', REFERENCE);
    expect(mention.span.text).toBe('2024-05-01 at 3:30 pm');
    // The time is local to the process, written as an instant.
    expect(new Date(mention.value).getTime()).toBe(new Date(2024, 4, 1, 15, 30).getTime());
  });

  it.each(['take 1/2 tab', 'for 10 days', 'x 5 days', 'BP 120/80', 'every 6 hours', 'Hgb 10.5'])(
    'reads no date in "%s"',
    (text) => {
      expect(findDates(text, REFERENCE)).toEqual([]);
    },
  );

  it('resolves relative dates against the reference date given', () => {
    const [mention] = findDates('yesterday', new Date('2020-01-01T12:00:00Z'));
    expect(mention.value).toBe('2019-12-31');
  });
});
