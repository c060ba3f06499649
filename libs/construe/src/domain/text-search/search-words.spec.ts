import { describe, expect, it } from 'vitest';
import { words } from './search-words.js';
import { CodeSearchIndex } from './code-search-index.js';

describe('words', () => {
  it('drops the article "a" but keeps a capital A that names something', () => {
    expect(words('A fall from a ladder')).toEqual(['fall', 'ladder']);
    expect(words('Deficiency of vitamin A')).toEqual(['deficiency', 'vitamin', 'a']);
  });

  it('tells hepatitis A from hepatitis B in a search', () => {
    const titles = ['Hepatitis B', 'Hepatitis A with hepatic coma'];
    const index = new CodeSearchIndex(titles.map((title) => ({ title })));
    expect(titles[index.search('Hepatitis A', 1)[0].doc]).toBe('Hepatitis A with hepatic coma');
  });
});
