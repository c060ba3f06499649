import { describe, expect, it } from 'vitest';
import { codeStructure } from './code-families.js';
import { buildCodeDefaults, codeDefaults, defaultDescendant } from './default-descendants.js';
import { terms } from './search-words.js';

/** A small classification in the ICD-10-CM manner, written for these tests. */
const CODES = [
  { key: 'G70', title: 'Fits of the wombat type' },
  { key: 'G701', title: 'Fits of the wombat type, intractable' },
  { key: 'G702', title: 'Fits of the wombat type, not intractable' },
  { key: 'G7021', title: 'Fits of the wombat type, not intractable, with prolonged attack' },
  { key: 'G7022', title: 'Fits of the wombat type, not intractable, without prolonged attack' },
  { key: 'T50', title: 'Poisoning by glue solvents' },
  { key: 'T502', title: 'Poisoning by glue solvents, intentional self-harm' },
  { key: 'T501', title: 'Poisoning by glue solvents, accidental (unintentional)' },
  { key: 'T503', title: 'Poisoning by glue solvents, assault' },
  { key: 'K60', title: 'Gizmoitis' },
  { key: 'K601', title: 'Gizmoitis with unspecified complications' },
  { key: 'K602', title: 'Gizmoitis with bleeding' },
  { key: 'K603', title: 'Gizmoitis without complications' },
  { key: 'D40', title: 'Blotchy skin' },
  { key: 'D409', title: 'Blotchy skin' },
  { key: 'D4090', title: 'Blotchy skin, unspecified site' },
  { key: 'D4091', title: 'Blotchy skin of scalp' },
  { key: 'M30', title: 'Knee creak' },
  { key: 'M301', title: 'Knee creak, right knee' },
  { key: 'M302', title: 'Knee creak, left knee' },
];

const at = (key: string) => CODES.findIndex((code) => code.key === key);
const structure = codeStructure(CODES.map((code) => code.key));
const defaults = codeDefaults(
  CODES.map((code) => code.title),
  structure.parent,
);
const below = (key: string, query = '') => {
  const found = defaultDescendant(at(key), new Set(terms(query)), defaults);
  return found < 0 ? null : CODES[found].key;
};

describe('codeDefaults', () => {
  it('reads the default value of each axis from the words the children add to the heading', () => {
    expect(CODES[defaults.defaultChild[at('G70')]].key).toBe('G702');
    expect(CODES[defaults.defaultChild[at('G702')]].key).toBe('G7022');
    expect(CODES[defaults.defaultChild[at('K60')]].key).toBe('K603');
  });

  it('takes "with unspecified …" for a stated value, not for the default', () => {
    // "Gizmoitis with unspecified complications" says there are complications.
    expect(defaults.defaultChild[at('K60')]).not.toBe(at('K601'));
  });

  it('takes the accidental intent for the default of a poisoning, as the coding guidelines do', () => {
    expect(CODES[defaults.defaultChild[at('T50')]].key).toBe('T501');
  });

  it('takes a child titled as its heading, and an unspecified site, for the default', () => {
    expect(below('D40')).toBe('D4090');
  });

  it('finds no default where every child states a value', () => {
    expect(defaults.defaultChild[at('M30')]).toBe(-1);
    expect(below('M30')).toBeNull();
  });

  it('records the values the other children name', () => {
    expect([...(defaults.axisTerms[at('G70')] ?? [])]).toEqual(terms('intractable'));
    expect([...(defaults.axisTerms[at('K60')] ?? [])]).toEqual(
      expect.arrayContaining(terms('bleeding')),
    );
  });
});

describe('defaultDescendant', () => {
  it('follows the default child down while the query names no axis', () => {
    expect(below('G70', 'wombat fits')).toBe('G7022');
    expect(below('T50', 'glue solvent poisoning')).toBe('T501');
  });

  it('stops at the level whose axis the query names', () => {
    // "intractable" names the first axis: no default is taken below the heading.
    expect(below('G70', 'intractable wombat fits')).toBeNull();
    // "prolonged attack" names the second axis only.
    expect(below('G70', 'wombat fits prolonged attack')).toBe('G702');
    expect(below('K60', 'gizmoitis with bleeding')).toBeNull();
  });
});

describe('buildCodeDefaults', () => {
  it('gives the same defaults in steps, pausing between them', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => [
      { key: `Q${String(i).padStart(4, '0')}`, title: `Lumpy organ number ${i}` },
      {
        key: `Q${String(i).padStart(4, '0')}1`,
        title: `Lumpy organ number ${i}, unspecified side`,
      },
      { key: `Q${String(i).padStart(4, '0')}2`, title: `Lumpy organ number ${i}, left side` },
    ]).flat();
    const keys = [...CODES, ...many].map((code) => code.key);
    const titles = [...CODES, ...many].map((code) => code.title);
    const { parent } = codeStructure(keys);
    let pauses = 0;
    const stepwise = await buildCodeDefaults(titles, parent, () => {
      pauses += 1;
      return Promise.resolve();
    });
    expect(pauses).toBeGreaterThan(1);
    expect(stepwise).toEqual(codeDefaults(titles, parent));
    expect(titles[stepwise.defaultChild[keys.indexOf('Q0123')]]).toBe(
      'Lumpy organ number 123, unspecified side',
    );
  });
});
