import { describe, expect, it } from 'vitest';
import { demographics, splitCohort } from './cohort-criteria.js';

describe('cohort criteria', () => {
  it('splits the person part from criteria and marks exclusions', () => {
    expect(splitCohort('female patients over 65 with diabetes but not hypertension')).toEqual({
      person: 'female patients over 65',
      criteria: [
        { concept: 'diabetes', exclude: false },
        { concept: 'hypertension', exclude: true },
      ],
    });
    expect(splitCohort('female patients over 65')).toEqual({
      person: 'female patients over 65',
      criteria: [],
    });
    expect(splitCohort('men with asthma, COPD and without smoking history').criteria).toEqual([
      { concept: 'asthma', exclude: false },
      { concept: 'COPD', exclude: false },
      { concept: 'smoking history', exclude: true },
    ]);
  });

  it('phrases age as birthdate', () => {
    const today = new Date('2026-06-15T00:00:00Z');
    expect(demographics('female patients over 65', today)).toEqual({
      concept: 'female patients over 65',
      params: 'gender=female&birthdate=le1961-06-15',
    });
    expect(demographics('patients aged 18-30', today)?.params).toBe(
      'birthdate=le2008-06-15&birthdate=ge1995-06-15',
    );
    expect(demographics('patients', today)).toBeUndefined();
  });
});
