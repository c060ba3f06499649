import { describe, expect, it } from 'vitest';
import { findQuantities } from './find-quantities.js';
import { parseQuantity, parseQuantityRange } from './parse-quantity.js';

describe('parseQuantity', () => {
  it.each([
    ['5 mg', { value: 5, unit: 'mg', unitText: 'mg' }],
    ['500mg', { value: 500, unit: 'mg', unitText: 'mg' }],
    ['0.5 mcg', { value: 0.5, unit: 'ug', unitText: 'mcg' }],
    ['1,000 units', { value: 1000, unit: 'U', unitText: 'units' }],
    ['120 mg/dL', { value: 120, unit: 'mg/dL', unitText: 'mg/dL' }],
    ['4.2 mmol/l', { value: 4.2, unit: 'mmol/L', unitText: 'mmol/l' }],
    ['98.6 °F', { value: 98.6, unit: '[degF]', unitText: '°F' }],
    ['98.6F', { value: 98.6, unit: '[degF]', unitText: 'F' }],
    ['72 bpm', { value: 72, unit: '/min', unitText: 'bpm' }],
    ['16 breaths per minute', { value: 16, unit: '/min', unitText: 'breaths per minute' }],
    ['180 lbs', { value: 180, unit: '[lb_av]', unitText: 'lbs' }],
    ['7.2 %', { value: 7.2, unit: '%', unitText: '%' }],
    ['two tablets', { value: 2, unit: '{tbl}', unitText: 'tablets' }],
    ['1/2 tab', { value: 0.5, unit: '{tbl}', unitText: 'tab' }],
    ['1 1/2 tabs', { value: 1.5, unit: '{tbl}', unitText: 'tabs' }],
    ['½ tablet', { value: 0.5, unit: '{tbl}', unitText: 'tablet' }],
    ['10 mcg/kg/min', { value: 10, unit: 'ug/kg/min', unitText: 'mcg/kg/min' }],
    ['2.5 mL', { value: 2.5, unit: 'mL', unitText: 'mL' }],
    ['5', { value: 5 }],
  ])('%s', (text, expected) => {
    expect(parseQuantity(text)).toEqual(expected);
  });

  it.each([
    ['<5', '<', 5],
    ['<= 5 mg', '<=', 5],
    ['≥ 90%', '>=', 90],
    ['> 200 mg/dL', '>', 200],
    ['greater than 100 mg/dL', '>', 100],
    ['less than 50', '<', 50],
    ['at least 3 mmol/L', '>=', 3],
    ['no more than 4 g', '<=', 4],
    ['up to 6 tablets', '<=', 6],
    ['above 38 °C', '>', 38],
  ])('%s has the comparator %s', (text, comparator, value) => {
    expect(parseQuantity(text)).toMatchObject({ comparator, value });
  });

  it('reads nothing from text without a number', () => {
    expect(parseQuantity('as directed')).toBeUndefined();
    expect(parseQuantity('')).toBeUndefined();
  });

  it('leaves an unknown unit out rather than guessing', () => {
    expect(parseQuantity('5 widgets')).toEqual({ value: 5 });
  });
});

describe('parseQuantityRange', () => {
  it.each([
    ['5-10 mg', 5, 10, 'mg'],
    ['5 - 10 mg', 5, 10, 'mg'],
    ['5mg-10mg', 5, 10, 'mg'],
    ['5 to 10 mg', 5, 10, 'mg'],
    ['between 2 and 3 mg', 2, 3, 'mg'],
    ['1–2 tabs', 1, 2, '{tbl}'],
    ['one to two puffs', 1, 2, '{puff}'],
  ])('%s', (text, low, high, unit) => {
    expect(parseQuantityRange(text)).toMatchObject({
      low: { value: low, unit },
      high: { value: high, unit },
    });
  });

  it('is not a range when the second number is smaller or missing', () => {
    expect(parseQuantityRange('10-5 mg')).toBeUndefined();
    expect(parseQuantityRange('5 mg')).toBeUndefined();
    expect(parseQuantityRange('between 5 mg')).toBeUndefined();
  });
});

describe('findQuantities', () => {
  it('finds every quantity with its span, and no part of a word or code', () => {
    const text = 'Hgb 10.2 g/dL, WBC 12.5 K/uL, glucose >200 mg/dL, ICD E11.9';
    const found = findQuantities(text);
    expect(found.map((q) => q.span.text)).toEqual(['10.2 g/dL', '12.5 K/uL', '>200 mg/dL']);
    expect(found[1].value).toMatchObject({ value: 12.5, unit: '10*3/uL' });
    expect(found[2].value).toMatchObject({ comparator: '>', value: 200 });
  });

  it('reads numbers in words only when asked', () => {
    expect(findQuantities('take two tablets')).toEqual([]);
    expect(findQuantities('take two tablets', 0, 16, { words: true })[0].value).toMatchObject({
      value: 2,
    });
  });
});
