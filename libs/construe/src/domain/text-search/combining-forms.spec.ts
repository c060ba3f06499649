import { describe, expect, it } from 'vitest';
import {
  combiningFormMeanings,
  combiningFormRelated,
  combiningFormsOfText,
} from './combining-forms.js';
import { CodeSearchIndex } from './code-search-index.js';

describe('combiningFormMeanings', () => {
  it('says a compound word in the plain words its forms stand for', () => {
    expect(combiningFormMeanings('Gastroenteritis')).toEqual([
      'stomach',
      'intestine',
      'inflammation',
    ]);
    expect(combiningFormMeanings('otalgia')).toEqual(['ear', 'pain']);
    expect(combiningFormMeanings('cholecystitis')).toEqual(['gallbladder', 'inflammation']);
    expect(combiningFormMeanings('hepatosplenomegaly')).toEqual(['liver', 'spleen', 'enlargement']);
    expect(combiningFormMeanings('tachycardia')).toEqual(['rapid', 'heart']);
  });

  it('leaves a grammatical ending aside ("chorioretin-al")', () => {
    expect(combiningFormMeanings('chorioretinal')).toEqual(['choroid', 'retina']);
  });

  it('says nothing of a word one form and an ending make, or one with a part it does not know', () => {
    expect(combiningFormMeanings('gastric')).toEqual([]);
    expect(combiningFormMeanings('osteoporosis')).toEqual([]);
    expect(combiningFormMeanings('hypertension')).toEqual([]);
    expect(combiningFormMeanings('renal')).toEqual([]);
  });
});

describe('combining forms in search', () => {
  const titles = [
    'Inflammation of the liver, chronic',
    'Chorioretinal inflammation, focal',
    'Pain in ear',
    'Retinal detachment',
  ];
  const documents = titles.map((title) => ({
    title,
    knowledge: [combiningFormsOfText(title)].filter(Boolean),
  }));
  const index = new CodeSearchIndex(documents);
  const search = (query: string) => {
    const related = new Map(
      index.wordsToExpand(query).map((word) => [word, combiningFormRelated(word)]),
    );
    return index.search(query, 2, related).map(({ doc }) => titles[doc]);
  };

  it('finds a plain-worded title by a compound query word', () => {
    expect(search('otalgia')[0]).toBe('Pain in ear');
    expect(search('chronic hepatitis')[0]).toBe('Inflammation of the liver, chronic');
  });

  it("finds a compound-worded title by the query's plain words or another compound", () => {
    expect(search('retinochoroiditis')[0]).toBe('Chorioretinal inflammation, focal');
    expect(search('inflammation of choroid and retina')[0]).toBe(
      'Chorioretinal inflammation, focal',
    );
  });
});
