import { describe, expect, it } from 'vitest';
import { listedActivities } from './listed-activities.js';
import { analysis, medication, phrase } from './testing/analysis-fixtures.js';

describe('the activities a care plan lists', () => {
  it('offers each listed item no service or medication touches, without its article', () => {
    const text =
      'Plan for COPD: an inhaler technique review, oxygen therapy and continue tiotropium daily.';
    const parsed = analysis(text, {
      phrases: [phrase(text, 'COPD', 'problem'), phrase(text, 'oxygen therapy', 'procedure')],
      medications: [medication(text, 'tiotropium daily', 'tiotropium')],
    });
    expect(listedActivities(parsed, 'careplan').map((p) => [p.category, p.span.text])).toEqual([
      ['procedure', 'inhaler technique review'],
    ]);
  });

  it('keeps an item a problem lies inside ("asthma education")', () => {
    const text = 'Care plan: asthma education; peak flow diary.';
    const parsed = analysis(text, { phrases: [phrase(text, 'asthma', 'problem')] });
    expect(listedActivities(parsed, 'careplan').map((p) => p.span.text)).toEqual([
      'asthma education',
      'peak flow diary',
    ]);
  });

  it('offers nothing for another kind', () => {
    expect(listedActivities(analysis('Asthma education; peak flow diary.'), 'procedure')).toEqual(
      [],
    );
  });
});
