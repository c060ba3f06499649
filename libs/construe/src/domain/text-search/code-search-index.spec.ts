import { describe, expect, it } from 'vitest';
import { CodeSearchIndex, DEFAULT_RANKING, type SearchDocument } from './code-search-index.js';

/** Titles in the manner of a classification, written for these tests. */
const CODES: (SearchDocument & { code: string })[] = [
  { code: 'P1', title: 'Low-lying placenta NOS or without bleeding' },
  { code: 'M1', title: 'Congenital malformations of the hard palate, not elsewhere classified' },
  { code: 'M2', title: 'Cleft of soft palate with cleft lip' },
  { code: 'D1', title: 'Dermatophytosis', context: [] },
  { code: 'D2', title: 'Tinea of the scalp and beard', context: ['Dermatophytosis'] },
  { code: 'D3', title: 'Tinea of the nail', context: ['Dermatophytosis'] },
  { code: 'E1', title: 'Impacted cerumen', synonyms: ['Ear wax plug', 'Impacted earwax'] },
  { code: 'E2', title: 'Otitis externa of the ear canal' },
  { code: 'L1', title: 'Lyme arthritis' },
  { code: 'L2', title: 'Lymph node enlargement, localized' },
  { code: 'H1', title: 'Essential hypertension' },
  { code: 'H2', title: 'Hypotension due to drugs' },
  { code: 'F1', title: 'Fracture of the shaft of the left ulna' },
  { code: 'F2', title: 'Fractures of the skull vault, multiple' },
  { code: 'C1', title: 'Chronic obstructive pulmonary disease with acute exacerbation' },
  { code: 'C2', title: 'Chronic pulmonary embolism' },
];

const index = new CodeSearchIndex(CODES);
const codes = (query: string, limit = 5) =>
  index.search(query, limit).map(({ doc }) => CODES[doc].code);

describe('CodeSearchIndex', () => {
  it('lets no boilerplate word ("NOS", "other", "unspecified") select codes on its own', () => {
    expect(codes('hard palate malformation NOS')[0]).toBe('M1');
    expect(codes('zzyzx NOS')).toEqual([]);
    expect(codes('other unspecified zzyzx')).toEqual([]);
  });

  it('still answers a query made of boilerplate words only', () => {
    expect(codes('NOS')).toContain('P1');
  });

  it('finds the codes under a category by the category title, below the category itself', () => {
    const found = codes('dermatophytosis');
    expect(found[0]).toBe('D1');
    expect(found).toEqual(expect.arrayContaining(['D2', 'D3']));
  });

  it('narrows a category wording by the words of a code below it', () => {
    expect(codes('dermatophytosis of the beard')[0]).toBe('D2');
  });

  it('finds a code by a synonym its title does not hold', () => {
    expect(codes('ear wax')[0]).toBe('E1');
    expect(codes('earwax')[0]).toBe('E1');
  });

  it('never replaces a word the system knows by a look-alike', () => {
    // "lyme" is one edit from "lymph"; the exact word wins and the look-alike is not searched.
    expect(codes('lyme')).toEqual(['L1']);
  });

  it('matches a misspelled or partial word to the known word, below an exact match', () => {
    expect(codes('hypertensoin')[0]).toBe('H1');
    expect(codes('hyperten')[0]).toBe('H1');
    const scores = index.search('essential hypertension', 1)[0].score;
    const fuzzy = index.search('essential hypertensoin', 1)[0].score;
    expect(scores).toBeGreaterThan(fuzzy);
  });

  it('folds plurals and verb endings', () => {
    expect(codes('fractured skull')[0]).toBe('F2');
    expect(codes('ulna fractures')[0]).toBe('F1');
  });

  it('expands a clinical abbreviation', () => {
    expect(codes('copd exacerbation')[0]).toBe('C1');
  });

  it('prefers the code whose own title the query accounts for', () => {
    // Both titles hold "cleft"; only M2 holds every word, and the query covers all of it.
    expect(codes('cleft soft palate lip')[0]).toBe('M2');
  });

  it('respects the limit and returns nothing for an empty query', () => {
    expect(codes('of the', 5)).toEqual([]);
    expect(codes('tinea', 1)).toHaveLength(1);
  });
});

describe('CodeSearchIndex categories', () => {
  /** Categories written for this test; V1 and R1 have the same title in different categories. */
  const GROUPED: (SearchDocument & { code: string })[] = [
    { code: 'V1', title: 'Atresia, acquired', group: 'V' },
    { code: 'V2', title: 'Aneurysm of aortic arch', group: 'V' },
    { code: 'V3', title: 'Dissection of aorta', group: 'V' },
    { code: 'R1', title: 'Atresia, acquired', group: 'R' },
    { code: 'R2', title: 'Congenital narrowing of windpipe', group: 'R' },
    { code: 'R3', title: 'Other congenital malformations of windpipe', group: 'R' },
    { code: 'S1', title: 'Cellulitis of finger', group: 'S' },
    { code: 'K1', title: 'Calculus of kidney', group: 'K' },
  ];
  const order = (index: CodeSearchIndex, query: string) =>
    index
      .search(query, 8)
      .map(({ doc }) => GROUPED[doc].code)
      .filter((code) => code === 'V1' || code === 'R1');

  it('of two codes a query matches alike, ranks first the one whose category holds its other words', () => {
    const grouped = new CodeSearchIndex(GROUPED);
    const ungrouped = new CodeSearchIndex(GROUPED, { ...DEFAULT_RANKING, group: 0 });
    // Without categories the tie goes to the first code given.
    expect(order(ungrouped, 'acquired windpipe atresia')).toEqual(['V1', 'R1']);
    expect(order(grouped, 'acquired windpipe atresia')).toEqual(['R1', 'V1']);
    expect(order(grouped, 'acquired aortic atresia')).toEqual(['V1', 'R1']);
  });

  it('leaves a query that one title answers to that title', () => {
    const grouped = new CodeSearchIndex(GROUPED);
    expect(grouped.search('congenital windpipe narrowing', 1)[0].doc).toBe(4);
  });
});

describe('CodeSearchIndex.build', () => {
  it('builds in steps the same index as the constructor', async () => {
    let pauses = 0;
    const many = Array.from({ length: 9_000 }, (_, i) => ({ title: `Condition number ${i}` }));
    const stepwise = await CodeSearchIndex.build([...CODES, ...many], () => {
      pauses += 1;
      return Promise.resolve();
    });
    const direct = new CodeSearchIndex([...CODES, ...many]);
    expect(pauses).toBeGreaterThan(1);
    for (const query of ['ear wax', 'dermatophytosis', 'condition number 4321']) {
      expect(stepwise.search(query, 5)).toEqual(direct.search(query, 5));
    }
  });
});

describe('CodeSearchIndex residual classes', () => {
  /** Written for this test: residual classes and their siblings. */
  const RESIDUAL: (SearchDocument & { code: string })[] = [
    { code: 'Z8', title: 'Other headache syndrome' },
    { code: 'Z9', title: 'Headache syndrome, unspecified' },
    { code: 'Z1', title: 'Cluster headache syndrome' },
    { code: 'W1', title: 'Gizzard disorder due to worms' },
    { code: 'W9', title: 'Gizzard disorder, unspecified' },
    { code: 'W8', title: 'Other gizzard disorder' },
    { code: 'Q1', title: 'Kidney stone, bilateral, recurrent' },
  ];
  const neutral = { ...DEFAULT_RANKING, residualGain: 0, residualLoss: 0 };
  const first = (index: CodeSearchIndex, query: string) =>
    RESIDUAL[index.search(query, 1)[0].doc].code;

  it('gives an unlisted case to the residual class ("Other specified …")', () => {
    // "stone" is in no gizzard title: a gizzard stone is a gizzard disorder not listed by name.
    // Without the rule, the unspecified code and the residual one tie, and W9 is given first.
    expect(first(new CodeSearchIndex(RESIDUAL, neutral), 'gizzard disorder stone')).toBe('W9');
    expect(first(new CodeSearchIndex(RESIDUAL), 'gizzard disorder stone')).toBe('W8');
  });

  it('gives a query that names nothing beyond the heading to the unspecified code, not the residual', () => {
    // Equal scores; the residual class comes first in the given order.
    expect(first(new CodeSearchIndex(RESIDUAL, neutral), 'headache syndrome')).toBe('Z8');
    expect(first(new CodeSearchIndex(RESIDUAL), 'headache syndrome')).toBe('Z9');
  });
});

describe('CodeSearchIndex lexical knowledge', () => {
  /**
   * Written for this test: titles with what a lexical database could say about their words
   * (a synonym and a definition) in the knowledge field.
   */
  const KNOWN: (SearchDocument & { code: string })[] = [
    {
      code: 'G1',
      title: 'Onychalgia of thumb',
      knowledge: ['nail ache soreness felt beneath fingernail'],
    },
    { code: 'G2', title: 'Ingrowing fingernail', knowledge: ['nail grows into skin'] },
    { code: 'G3', title: 'Soreness beneath fingernail after trauma' },
    { code: 'G4', title: 'Bruise of thumb' },
  ];
  const without = new CodeSearchIndex(KNOWN, { ...DEFAULT_RANKING, knowledge: 0 });
  const withKnowledge = new CodeSearchIndex(KNOWN);
  const found = (index: CodeSearchIndex, query: string) =>
    index.search(query, 4).map(({ doc }) => KNOWN[doc].code);

  it('finds a code by the words of its definition, which no title holds', () => {
    expect(found(without, 'nail ache')).not.toContain('G1');
    expect(found(withKnowledge, 'nail ache')[0]).toBe('G1');
  });

  it('still ranks a title that holds the words above a code that only knowledge relates', () => {
    expect(found(withKnowledge, 'soreness beneath fingernail')[0]).toBe('G3');
    expect(found(withKnowledge, 'soreness beneath fingernail')).toContain('G1');
    expect(found(withKnowledge, 'ingrowing fingernail')[0]).toBe('G2');
  });
});

describe('CodeSearchIndex query-side expansion', () => {
  /** Invented titles; "plimmet" and "quorvax" are words no title holds. */
  const TITLES: (SearchDocument & { code: string })[] = [
    { code: 'K1', title: 'Swelling of the gumline' },
    { code: 'K2', title: 'Blister of the gumline' },
    { code: 'K3', title: 'Wandering swelling of the elbow' },
    { code: 'K4', title: 'Zebrine stripe of the gumline' },
    { code: 'K5', title: 'Zebrine stripe of the elbow' },
  ];
  const index = new CodeSearchIndex(TITLES);
  const off = new CodeSearchIndex(TITLES, { ...DEFAULT_RANKING, expansion: 0 });
  const related = new Map([
    [
      'plimmet',
      [
        { word: 'swelling', weight: 1 },
        { word: 'gumline', weight: 0.5 },
      ],
    ],
    ['zebrine', [{ word: 'blister', weight: 1 }]],
  ]);
  const found = (query: string, on = index) =>
    on.search(query, 5, related).map(({ doc }) => TITLES[doc].code);

  it('asks for the query words that no code holds, or very few, and only meaningful ones', () => {
    const strict = new CodeSearchIndex(TITLES, { ...DEFAULT_RANKING, expandBelow: 1 });
    // "elbow" is held by two codes, "NOS" is boilerplate.
    expect(strict.wordsToExpand('plimmet of the elbow NOS')).toEqual(['plimmet']);
    expect(strict.wordsToExpand('zebrine')).toEqual([]);
    // "zebrine" is held by two codes, "gumline" by three.
    const rare = new CodeSearchIndex(TITLES, { ...DEFAULT_RANKING, expandBelow: 2 });
    expect(rare.wordsToExpand('zebrine gumline')).toEqual(['zebrine']);
    expect(off.wordsToExpand('plimmet')).toEqual([]);
  });

  it('counts only the codes that name a word: a word found only in hierarchy or knowledge is expanded', () => {
    const documents = [
      { title: 'Tinea of the foot', knowledge: ['ringworm'] },
      { title: 'Tinea of the scalp', knowledge: ['ringworm'] },
      { title: 'Blister of the foot', context: ['Ringworm and other lesions'] },
    ];
    const strict = new CodeSearchIndex(documents, { ...DEFAULT_RANKING, expandBelow: 1 });
    expect(strict.wordsToExpand('ringworm')).toEqual(['ringworm']);
    const named = new CodeSearchIndex(
      [...documents, { title: 'Ringworm of the nail' }, { title: 'Ringworm of the beard' }],
      { ...DEFAULT_RANKING, expandBelow: 1 },
    );
    expect(named.wordsToExpand('ringworm')).toEqual([]);
  });

  it('finds a code by the related words of a word no title holds', () => {
    expect(found('plimmet', off)).toEqual([]);
    // K1 holds both related words; K3 only the synonym, K2 only the definition word.
    expect(found('plimmet').slice(0, 3)).toEqual(['K1', 'K3', 'K2']);
    expect(found('plimmet of the elbow')[0]).toBe('K3');
  });

  it('caps what related words add up to: a code holding only them stays below one holding the word', () => {
    const hits = found('zebrine');
    expect(hits.slice(0, 2).sort()).toEqual(['K4', 'K5']);
    expect(hits).toContain('K2');
    const scores = index.search('zebrine', 5, related).map(({ score }) => score);
    expect(scores[2]).toBeLessThan(scores[1]);
  });
});
