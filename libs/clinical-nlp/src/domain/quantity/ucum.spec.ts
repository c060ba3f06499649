import { describe, expect, it } from 'vitest';
import { isUcum, toUcum } from './ucum.js';

describe('toUcum', () => {
  it.each([
    ['mg', 'mg'],
    ['MG', 'mg'],
    ['mcg', 'ug'],
    ['µg', 'ug'],
    ['g', 'g'],
    ['kg', 'kg'],
    ['lbs', '[lb_av]'],
    ['mmHg', 'mm[Hg]'],
    ['mm Hg', 'mm[Hg]'],
    ['°F', '[degF]'],
    ['degrees C', 'Cel'],
    ['bpm', '/min'],
    ['breaths/min', '/min'],
    ['%', '%'],
    ['mg/dl', 'mg/dL'],
    ['g/dL', 'g/dL'],
    ['mEq/L', 'meq/L'],
    ['K/uL', '10*3/uL'],
    ['kg/m2', 'kg/m2'],
    ['mL', 'mL'],
    ['cc', 'mL'],
    ['units', 'U'],
    ['IU', '[IU]'],
    ['tablets', '{tbl}'],
    ['puffs', '{puff}'],
    ['drops', '[drp]'],
    ['inches', '[in_i]'],
    ['mcg/kg/hr', 'ug/kg/h'],
    ['units/mL', 'U/mL'],
    ['10*3/uL', '10*3/uL'],
    ['mm[Hg]', 'mm[Hg]'],
  ])('%s → %s', (written, code) => {
    expect(toUcum(written)).toBe(code);
    expect(isUcum(code)).toBe(true);
  });

  it('returns undefined for what is not a unit', () => {
    expect(toUcum('widgets')).toBeUndefined();
    expect(toUcum('')).toBeUndefined();
    expect(toUcum('per the patient')).toBeUndefined();
  });

  it('validates with UCUM itself', () => {
    expect(isUcum('mg/dL')).toBe(true);
    expect(isUcum('mcg')).toBe(false);
    expect(isUcum('mEq')).toBe(false);
  });
});
