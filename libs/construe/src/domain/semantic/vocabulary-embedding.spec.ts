import { describe, expect, it } from 'vitest';
import { mixScores } from './hybrid-fusion.js';
import { CodeVectors } from './nearest-codes.js';
import {
  DEFAULT_LEARNING,
  VocabularyEmbedding,
  type EmbeddingDocument,
} from './vocabulary-embedding.js';

// A small vocabulary of three chapters written for this test: the titles, and the headings
// above each code as its context.
const circulatory = ['Diseases of the circulatory system', 'Hypertensive diseases'];
const ear = ['Diseases of the ear and mastoid process', 'Diseases of external ear'];
const injury = ['Injuries to the hip and thigh', 'Fracture of femur'];
const VOCABULARY: EmbeddingDocument[] = [
  { title: 'Essential (primary) hypertension', synonyms: [], context: circulatory },
  { title: 'Hypertensive heart disease with heart failure', synonyms: [], context: circulatory },
  { title: 'Hypertensive chronic kidney disease', synonyms: [], context: circulatory },
  {
    title: 'Elevated blood pressure reading, without diagnosis of hypertension',
    synonyms: [],
    context: ['Symptoms and signs involving the circulatory system'],
  },
  { title: 'Secondary hypertension', synonyms: [], context: circulatory },
  { title: 'Impacted cerumen', synonyms: ['Cerumen in ear canal'], context: ear },
  { title: 'Otitis externa', synonyms: ['Inflammation of external ear'], context: ear },
  { title: 'Exostosis of external ear canal', synonyms: [], context: ear },
  { title: 'Perichondritis of external ear', synonyms: [], context: ear },
  { title: 'Fracture of neck of femur', synonyms: [], context: injury },
  { title: 'Fracture of shaft of femur', synonyms: [], context: injury },
  { title: 'Dislocation of hip', synonyms: [], context: ['Injuries to the hip and thigh'] },
  { title: 'Sprain of hip', synonyms: [], context: ['Injuries to the hip and thigh'] },
];
const SMALL = { ...DEFAULT_LEARNING, dimensions: 6 };

const learn = () => VocabularyEmbedding.learn(VOCABULARY, SMALL);

function codeVectors(embedding: VocabularyEmbedding): CodeVectors {
  const rows = new Float32Array(VOCABULARY.length * embedding.dimensions);
  VOCABULARY.forEach((document, doc) =>
    rows.set(embedding.embedDocument(document), doc * embedding.dimensions),
  );
  return new CodeVectors(embedding.dimensions, rows);
}

const titleOf = (doc: number) => VOCABULARY[doc].title;

describe('vocabulary-trained embedding', () => {
  it('puts words used in the same codes and under the same headings closer than unrelated words', async () => {
    const embedding = await learn();
    expect(embedding.similarity('cerumen', 'ear')!).toBeGreaterThan(
      embedding.similarity('cerumen', 'femur')!,
    );
    expect(embedding.similarity('hypertension', 'hypertensive')!).toBeGreaterThan(
      embedding.similarity('hypertension', 'hip')!,
    );
  });

  it('learns the same vectors from the same vocabulary and seed', async () => {
    const [first, second] = await Promise.all([learn(), learn()]);
    expect(second.embedQuery('ear canal')).toEqual(first.embedQuery('ear canal'));
    expect(second.embedDocument(VOCABULARY[0])).toEqual(first.embedDocument(VOCABULARY[0]));
  });

  it('gives unit vectors, and a zero vector to a text with no known or similar word', async () => {
    const embedding = await learn();
    const vector = embedding.embedQuery('external ear');
    expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    expect(embedding.embedQuery('zzzz qqqq').every((value) => value === 0)).toBe(true);
    expect(codeVectors(embedding).nearest(embedding.embedQuery('zzzz'), 5)).toEqual([]);
  });

  it('embeds a misspelt word like the known word it is closest to in letters', async () => {
    const embedding = await learn();
    const cosine = (a: Float32Array, b: Float32Array) =>
      a.reduce((sum, value, index) => sum + value * b[index], 0);
    const known = embedding.embedQuery('cerumen');
    expect(cosine(embedding.embedQuery('cerumem'), known)).toBeCloseTo(1, 5);
  });

  it('finds a code whose title shares no word with the query, through its heading and neighbours', async () => {
    const embedding = await learn();
    const nearest = codeVectors(embedding)
      .nearest(embedding.embedQuery('external ear'), 4)
      .map((hit) => titleOf(hit.doc));
    expect(nearest).toContain('Impacted cerumen');
    expect(nearest.some((title) => /femur|hip|hypertens/i.test(title))).toBe(false);
  });
});

describe('score mixing of a lexical and a vector ranking', () => {
  const lexical = [
    { item: 'A', score: 10 },
    { item: 'B', score: 9.9 },
    { item: 'C', score: 2 },
  ];
  const cosines: Record<string, number> = { A: 0.1, B: 0.9, C: 0.3, D: 0.95 };
  const vector = [
    { item: 'D', score: 0.95 },
    { item: 'B', score: 0.9 },
  ];
  const mix = (weight: number) =>
    mixScores(
      lexical,
      vector,
      (item) => item,
      weight,
      (item) => cosines[item],
    ).map(({ item }) => item);

  it('lets the vectors decide between codes the words leave nearly tied, not overturn a large lead', () => {
    expect(mix(0.2)).toEqual(['B', 'A', 'C', 'D']);
  });

  it('adds a code only the vectors found after the lexical hits it does not outscore', () => {
    expect(mix(0.2).indexOf('D')).toBeGreaterThan(mix(0.2).indexOf('C'));
    expect(mix(1).indexOf('D')).toBeLessThan(mix(1).indexOf('C'));
  });

  it('keeps the lexical order at weight 0', () => {
    expect(mix(0)).toEqual(['A', 'B', 'C', 'D']);
  });
});
