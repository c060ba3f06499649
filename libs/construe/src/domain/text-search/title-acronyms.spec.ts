import { describe, expect, it } from 'vitest';
import { CodeSearchIndex, type SearchDocument } from './code-search-index.js';
import { TitleInitials, typedAcronyms } from './title-acronyms.js';

/** Titles in the manner of a classification, written for these tests. */
const CODES: (SearchDocument & { code: string })[] = [
  { code: 'R1', title: 'Acute respiratory distress syndrome' },
  { code: 'R2', title: 'Respiratory distress of newborn' },
  { code: 'S1', title: 'Systemic inflammatory response syndrome of non-infectious origin' },
  { code: 'S2', title: 'Sepsis, unspecified organism' },
  { code: 'V1', title: 'Vitamin B12 deficiency anemia', synonyms: ['Pernicious anemia'] },
  { code: 'H1', title: 'Human immunodeficiency virus [HIV] disease' },
  { code: 'H2', title: 'Hip instability, vertebral' },
  { code: 'T1', title: 'Thrombosis of portal vein' },
  { code: 'T2', title: 'Partial thromboplastin time prolonged' },
  { code: 'T3', title: 'Partial traumatic transection of tendon' },
  { code: 'G1', title: 'Glycogen storage disease type 12' },
];

const index = new CodeSearchIndex(CODES);
const codes = (query: string, limit = 3) =>
  index.search(query, limit).map(({ doc }) => CODES[doc].code);

describe('TitleInitials', () => {
  const ids = new Map<string, number>();
  const idOf = (word: string) => ids.get(word) ?? ids.set(word, ids.size).get(word)!;
  const initials = new TitleInitials(
    CODES.map((code) => [code.title, ...(code.synonyms ?? [])]),
    idOf,
  );

  it("finds an acronym where its letters begin a name's consecutive words, stop words left out", () => {
    expect(initials.find('ARDS').map((match) => match.doc)).toEqual([0]);
    // "of" is a stop word: "systemic inflammatory response syndrome (of) non-infectious origin".
    expect(initials.find('sirs').map((match) => match.doc)).toEqual([2]);
    expect(initials.find('ptt').map((match) => match.doc)).toEqual([8, 9]);
  });

  it('reports the words an acronym stands for, a number once however many digits it has', () => {
    const [match] = initials.find('GSDT12');
    expect(match.doc).toBe(10);
    expect(match.wordIds).toEqual(['glycogen', 'storage', 'disease', 'type', '12'].map(idOf));
    // "B12" is one word, spelled "b".
    expect(initials.find('vbda').map((found) => found.doc)).toEqual([4]);
  });

  it('never runs an acronym over the end of one name into the next', () => {
    // "…prolonged" (T2) followed by "Partial traumatic…" (T3) would spell "ppt".
    expect(initials.find('ppt')).toEqual([]);
  });
});

describe('typedAcronyms', () => {
  it('takes words typed in capitals, not Roman numerals, NOS or words the query spells out', () => {
    expect([...typedAcronyms('ARDS in adults')]).toEqual(['ards']);
    expect([...typedAcronyms('Type III SIRS NOS')]).toEqual(['sirs']);
    expect([...typedAcronyms('Long partial thromboplastin time [PTT]')]).toEqual([]);
    expect([...typedAcronyms('IgA nephropathy')]).toEqual([]);
  });
});

describe('CodeSearchIndex with acronyms', () => {
  it('finds a code by the initials of its title', () => {
    expect(codes('ARDS')[0]).toBe('R1');
    expect(codes('SIRS')[0]).toBe('S1');
  });

  it('searches a word the system names as that word, not as initials ("HIV")', () => {
    expect(codes('HIV')).toEqual(['H1']);
  });

  it('takes an acronym the query spells out as one of its words, not as initials', () => {
    // PTT also spells "partial traumatic transection": the query's own words decide.
    expect(codes('Prolonged partial thromboplastin time [PTT]')[0]).toBe('T2');
  });

  it('treats a lower-case word as a word', () => {
    expect(codes('ards')).toEqual([]);
  });
});
