import { describe, expect, it } from 'vitest';
import { CodeSearchIndex } from './code-search-index.js';
import { codeStructure } from './code-families.js';
import { behaviorsOf, queryWithBorrowedSite, rankByBehavior } from './neoplasm-behavior.js';

/** Codes in the manner of ICD-10's neoplasm chapters, written for these tests. */
const CODES = [
  { key: 'C40', title: 'Malignant neoplasm of kidney, except renal pelvis' },
  { key: 'C401', title: 'Malignant neoplasm of upper pole of kidney' },
  { key: 'C402', title: 'Malignant neoplasm of lower pole of kidney' },
  { key: 'D20', title: 'Benign neoplasm of urinary organs' },
  { key: 'D201', title: 'Benign neoplasm of kidney' },
  { key: 'D209', title: 'Benign neoplasm of urinary organ, unspecified' },
  { key: 'C78', title: 'Secondary malignant neoplasm of kidney' },
  { key: 'N20', title: 'Cyst of kidney, acquired' },
];
const index = new CodeSearchIndex(CODES.map(({ title }) => ({ title })));
const structure = codeStructure(CODES.map(({ key }) => key));
const titleOf = (doc: number) => CODES[doc].title;
const parentOf = (doc: number) => structure.parent[doc];

function search(query: string): string[] {
  let hits = index.search(query, 8);
  const withSite = queryWithBorrowedSite(query, hits, titleOf, parentOf);
  if (withSite !== null) hits = index.search(withSite, 8);
  return rankByBehavior(query, hits, titleOf).map(({ doc }) => CODES[doc].key);
}

describe('behaviorsOf', () => {
  it('reads the behavior a neoplasm wording names, nothing for other wordings', () => {
    expect([...behaviorsOf('Benign neoplasm of kidney')]).toEqual(['benign']);
    expect([...behaviorsOf('Carcinoma in situ of bladder')]).toEqual(['in situ']);
    expect([...behaviorsOf('Metastatic carcinoma of liver')]).toEqual(['malignant', 'secondary']);
    expect([...behaviorsOf('Secondary hypertension')]).toEqual([]);
  });
});

describe('searching by behavior', () => {
  it("finds the asked behavior's code for a site only another behavior names", () => {
    // No benign code names a pole of the kidney: the benign code of the kidney answers.
    expect(search('Benign neoplasm of upper pole of kidney')[0]).toBe('D201');
  });

  it('ranks codes of another behavior after those of the asked one', () => {
    const found = search('benign kidney neoplasm');
    expect(found.indexOf('D201')).toBeLessThan(found.indexOf('C40'));
    expect(found.indexOf('D201')).toBeLessThan(found.indexOf('C78'));
  });

  it('keeps a primary malignant query off the secondary code', () => {
    const primary = search('Malignant neoplasm of kidney');
    expect(primary.indexOf('C78')).toBeGreaterThan(primary.indexOf('C40'));
    expect(search('Metastatic neoplasm of kidney')[0]).toBe('C78');
  });

  it('searches a wording that names no behavior as it is', () => {
    expect(
      queryWithBorrowedSite('Cyst of kidney', index.search('Cyst of kidney', 8), titleOf, parentOf),
    ).toBeNull();
    expect(search('Cyst of kidney')[0]).toBe('N20');
  });
});
