import { describe, expect, it } from 'vitest';
import { parseFhirDateSpan, periodSpan } from './date-range.js';

describe('parseFhirDateSpan', () => {
  it.each([
    ['2020', '2020-01-01T00:00:00.000Z', '2021-01-01T00:00:00.000Z'],
    ['2020-02', '2020-02-01T00:00:00.000Z', '2020-03-01T00:00:00.000Z'],
    ['2020-12', '2020-12-01T00:00:00.000Z', '2021-01-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['2020-03-04T10:15', '2020-03-04T10:15:00.000Z', '2020-03-04T10:16:00.000Z'],
    ['2020-03-04T10:15:30Z', '2020-03-04T10:15:30.000Z', '2020-03-04T10:15:31.000Z'],
    ['2020-03-04T10:15:30.250+02:00', '2020-03-04T08:15:30.250Z', '2020-03-04T08:15:30.251Z'],
    ['2020-03-04T23:30:00-05:00', '2020-03-05T04:30:00.000Z', '2020-03-05T04:30:01.000Z'],
  ])('%s spans [%s, %s)', (text, low, high) => {
    expect(parseFhirDateSpan(text)).toEqual({ low, high });
  });

  it.each([
    '',
    '20',
    '2020-13',
    '2023-02-29',
    '2020-01-01T25:00',
    '31/12/2020',
    'yesterday',
    '2020-01-01T10',
  ])('refuses "%s"', (text) => {
    expect(parseFhirDateSpan(text)).toBeUndefined();
  });

  it('keeps open ends of a Period open', () => {
    expect(periodSpan('2020-01-01', undefined)).toEqual({
      low: '2020-01-01T00:00:00.000Z',
      high: null,
    });
    expect(periodSpan(undefined, '2020')).toEqual({ low: null, high: '2021-01-01T00:00:00.000Z' });
    expect(periodSpan(undefined, undefined)).toBeUndefined();
  });
});
