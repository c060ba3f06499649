import { describe, expect, it } from 'vitest';
import { codeStructure } from './code-families.js';
import { CodeSearchIndex } from './code-search-index.js';
import { codeDefaults } from './default-descendants.js';
import { candidateDepth, rerankByStructure } from './structure-rerank.js';

/** A small classification in the ICD-10-CM manner, written for these tests. */
const CODES = [
  { key: 'T67', title: 'Effects of heat and light' },
  { key: 'T670', title: 'Heatstroke and sunstroke' },
  { key: 'T6701', title: 'Heatstroke and sunstroke, exertional' },
  { key: 'T6701XA', title: 'Heatstroke and sunstroke, exertional, initial encounter' },
  { key: 'T6701XD', title: 'Heatstroke and sunstroke, exertional, subsequent encounter' },
  { key: 'T6701XS', title: 'Heatstroke and sunstroke, exertional, sequela' },
  { key: 'T6709', title: 'Other heatstroke and sunstroke' },
  { key: 'T6709XA', title: 'Other heatstroke and sunstroke, initial encounter' },
  { key: 'T6709XD', title: 'Other heatstroke and sunstroke, subsequent encounter' },
  { key: 'T6709XS', title: 'Other heatstroke and sunstroke, sequela' },
  { key: 'T671', title: 'Heat syncope' },
  { key: 'O3110', title: 'Continuing pregnancy after spontaneous abortion' },
  { key: 'O3110X0', title: 'Continuing pregnancy after spontaneous abortion, fetus unspecified' },
  { key: 'O3110X1', title: 'Continuing pregnancy after spontaneous abortion, fetus 1' },
  { key: 'O3110X2', title: 'Continuing pregnancy after spontaneous abortion, fetus 2' },
  { key: 'K25', title: 'Chronic gastric dyspepsia' },
  { key: 'K31', title: 'Gastric dyspepsia, chronic' },
  { key: 'K318', title: 'Gastric dyspepsia, chronic, with reflux' },
  { key: 'K50', title: 'Duodenal dyspepsia' },
  { key: 'K51', title: 'Duodenal dyspepsia, unspecified' },
];

const structure = codeStructure(CODES.map((code) => code.key));
const index = new CodeSearchIndex(CODES.map(({ title }) => ({ title })));
const search = (query: string, limit = 5) =>
  rerankByStructure(
    index.search(query, candidateDepth(limit)),
    query,
    structure,
    (doc) => /\bunspecified\b/i.test(CODES[doc].title),
    limit,
  ).map(({ doc }) => CODES[doc].key);

describe('codeStructure', () => {
  it('marks the codes that head others and groups codes differing only by a seventh character', () => {
    const at = (key: string) => CODES.findIndex((code) => code.key === key);
    expect(structure.heading[at('T670')]).toBe(1);
    expect(structure.heading[at('T671')]).toBe(0);
    expect(structure.family[at('T6701XA')]).toBe(structure.family[at('T6701XS')]);
    expect(structure.family[at('T6701XA')]).not.toBe(structure.family[at('T6709XA')]);
    expect(structure.family[at('T6701')]).toBe(-1);
    expect(structure.preferred[at('T6701XA')]).toBe(1);
    expect(structure.preferred[at('T6701XS')]).toBe(0);
  });

  it('gives codes of other shapes no structure', () => {
    const snomed = codeStructure(['22298006', '222980061', '2229800612']);
    expect([...snomed.heading]).toEqual([0, 0, 0]);
    expect([...snomed.family]).toEqual([-1, -1, -1]);
  });
});

describe('rerankByStructure', () => {
  it('lets one seventh-character family fill one place, with its initial encounter', () => {
    const found = search('exertional heatstroke');
    // Without the rerank the three encounters of T67.01X- would be three of the five places.
    const raw = index.search('exertional heatstroke', 5).map(({ doc }) => CODES[doc].key);
    expect(raw.filter((key) => key.startsWith('T6701X')).length).toBeGreaterThan(1);
    expect(found.filter((key) => key.startsWith('T6701X'))).toEqual(['T6701XA']);
    expect(found.slice(0, 2).sort()).toEqual(['T6701', 'T6701XA']);
  });

  it('moves the other members of a family after every other hit, dropping none', () => {
    const all = search('heatstroke sunstroke', 50);
    const raw = index.search('heatstroke sunstroke', 50).map(({ doc }) => CODES[doc].key);
    expect([...all].sort()).toEqual([...raw].sort());
    const deferred = ['T6701XD', 'T6701XS', 'T6709XD', 'T6709XS'].map((key) => all.indexOf(key));
    const others = all.filter((key) => !/X[DS]$/.test(key)).map((key) => all.indexOf(key));
    expect(Math.min(...deferred)).toBeGreaterThan(Math.max(...others));
  });

  it('prefers the family member whose seventh character is 0 when there is no A', () => {
    const found = search('continuing pregnancy after spontaneous abortion', 2);
    expect([...found].sort()).toEqual(['O3110', 'O3110X0']);
  });

  it('sends a query that says NOS to the heading or the unspecified code', () => {
    // K25 and the heading K31 carry the same words; without "NOS" the first listed wins.
    expect(search('chronic gastric dyspepsia')[0]).toBe('K25');
    expect(search('chronic gastric dyspepsia NOS')[0]).toBe('K31');
    // The shorter title wins the plain query; "NOS" asks for the code of the unspecified case.
    expect(search('duodenal dyspepsia')[0]).toBe('K50');
    expect(search('duodenal dyspepsia NOS')[0]).toBe('K51');
  });
});

describe('rerankByStructure with default descendants', () => {
  const TREE = [
    { key: 'G70', title: 'Fits of the wombat type' },
    { key: 'G701', title: 'Fits of the wombat type, intractable' },
    { key: 'G702', title: 'Fits of the wombat type, not intractable' },
    { key: 'G7021', title: 'Fits of the wombat type, not intractable, with prolonged attack' },
    { key: 'G7022', title: 'Fits of the wombat type, not intractable, without prolonged attack' },
    { key: 'G71', title: 'Fits of the platypus type' },
    { key: 'G711', title: 'Fits of the platypus type, intractable' },
    { key: 'G712', title: 'Fits of the platypus type, not intractable' },
  ];
  const treeStructure = codeStructure(TREE.map((code) => code.key));
  const treeDefaults = codeDefaults(
    TREE.map((code) => code.title),
    treeStructure.parent,
  );
  const treeIndex = new CodeSearchIndex(TREE.map(({ title }) => ({ title })));
  const ranked = (query: string, withDefaults = true) =>
    rerankByStructure(
      treeIndex.search(query, candidateDepth(5)),
      query,
      treeStructure,
      () => false,
      5,
      withDefaults ? treeDefaults : undefined,
    ).map(({ doc }) => TREE[doc].key);

  it('places the default code of a heading right after it when the query names no axis', () => {
    // The lexical ranking puts the heading first and its longest-titled default leaf last.
    expect(ranked('wombat fits', false)).toEqual(['G70', 'G701', 'G702', 'G7021', 'G7022']);
    expect(ranked('wombat fits').slice(0, 2)).toEqual(['G70', 'G7022']);
  });

  it('puts the default code before its heading when the query says "NOS"', () => {
    expect(ranked('wombat fits NOS').slice(0, 2)).toEqual(['G7022', 'G70']);
  });

  it('places no default below a heading whose axis the query names', () => {
    // "intractable" is the first axis below G70, not one below G702 ("…, not intractable").
    // G70 gets no default below it; G702 does, before it ("NOS").
    expect(ranked('intractable wombat fits NOS', false)).toEqual([
      'G702',
      'G701',
      'G70',
      'G7021',
      'G7022',
    ]);
    expect(ranked('intractable wombat fits NOS')).toEqual([
      'G7022',
      'G702',
      'G701',
      'G70',
      'G7021',
    ]);
  });
});
