import { isLowInformation, terms } from '../text-search/search-words.js';
import { leftSingularVectors, type Pace, type SparseRows } from './randomized-svd.js';

/** What a code contributes to learning: the text search's documents. */
export interface EmbeddingDocument {
  title: string;
  /** Synonyms, short titles and the names of linked concepts (`Maps to` / `Mapped from`). */
  synonyms: readonly string[];
  /** The titles above the code in its hierarchy, nearest first. */
  context: readonly string[];
  /** What a lexical database says about the title's words (`SearchDocument.knowledge`). */
  knowledge?: readonly string[];
}

export interface LearningParameters {
  dimensions: number;
  /** How much an ancestor's title word counts against the code's own words. */
  contextWeight: number;
  /**
   * How much a word of the lexical knowledge counts (0: not learned from). Its words about
   * double the vocabulary (ICD-10-CM: 17,667 word vectors instead of 7,914) and the learning
   * time grows by about half.
   */
  knowledgeWeight: number;
  /** Context distribution smoothing of PPMI (Levy, Goldberg & Dagan 2015). */
  smoothing: number;
  /** Singular values are raised to this power in the word vectors. */
  singularPower: number;
  powerIterations: number;
  seed: number;
}

export const DEFAULT_LEARNING: LearningParameters = {
  dimensions: 64,
  contextWeight: 0.5,
  knowledgeWeight: 0.3,
  smoothing: 0.75,
  singularPower: 0.5,
  powerIterations: 2,
  seed: 14,
};

/** The smallest trigram overlap (Dice) at which an unknown word borrows a known word's vector. */
const FALLBACK_SIMILARITY = 0.5;

type FieldWeights = Pick<LearningParameters, 'contextWeight' | 'knowledgeWeight'>;

/** Each term of a document with its weight (the highest of the fields it appears in). */
function weightedTerms(
  document: EmbeddingDocument,
  { contextWeight, knowledgeWeight }: FieldWeights,
): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const term of terms(text)) {
      if (isLowInformation(term)) continue;
      if ((weights.get(term) ?? 0) < weight) weights.set(term, weight);
    }
  };
  add(document.title, 1);
  for (const synonym of document.synonyms) add(synonym, 1);
  for (const title of document.context) add(title, contextWeight);
  if (knowledgeWeight > 0) for (const text of document.knowledge ?? []) add(text, knowledgeWeight);
  return weights;
}

function trigrams(term: string): string[] {
  const padded = `<${term}>`;
  const grams = new Set<string>();
  for (let start = 0; start + 3 <= padded.length; start++)
    grams.add(padded.slice(start, start + 3));
  return [...grams];
}

/**
 * Word vectors learned from one code system's own names: a word's row of the positive
 * pointwise mutual information between words and the codes whose title, synonyms or
 * ancestors' titles hold them, reduced by a truncated SVD. Words used in the same codes and
 * under the same headings ("cerumen", "ear"; "debility", "age") end up close. A text is
 * embedded as the IDF-weighted mean of its words' vectors; an unknown word borrows the
 * vector of the known word whose character trigrams it shares most (a typo, an inflection).
 * Deterministic for a given vocabulary and seed.
 */
export class VocabularyEmbedding {
  private constructor(
    readonly dimensions: number,
    private readonly termIds: Map<string, number>,
    private readonly terms: string[],
    /** terms × dimensions, each row L2-normalised. */
    private readonly vectors: Float32Array,
    private readonly idf: Float32Array,
    private readonly fieldWeights: FieldWeights,
    private readonly byTrigram: Map<string, number[]>,
    private readonly trigramCount: Int32Array,
  ) {}

  static async learn(
    documents: readonly EmbeddingDocument[],
    parameters: LearningParameters = DEFAULT_LEARNING,
    pace: Pace = () => undefined,
  ): Promise<VocabularyEmbedding> {
    const termIds = new Map<string, number>();
    const termList: string[] = [];
    const cells: { term: number; doc: number; weight: number }[][] = [];
    const documentFrequency: number[] = [];
    const slice = pace;
    for (let doc = 0; doc < documents.length; doc++) {
      await slice();
      for (const [term, weight] of weightedTerms(documents[doc], parameters)) {
        let id = termIds.get(term);
        if (id === undefined) {
          id = termList.length;
          termIds.set(term, id);
          termList.push(term);
          cells.push([]);
          documentFrequency.push(0);
        }
        cells[id].push({ term: id, doc, weight });
        documentFrequency[id]++;
      }
    }
    await slice();
    const idf = Float32Array.from(documentFrequency, (df) =>
      Math.log(1 + documents.length / Math.max(df, 1)),
    );
    const matrix = await ppmi(cells, documents.length, parameters.smoothing, slice);
    const { vectors: left, values } = await leftSingularVectors(matrix, {
      rank: parameters.dimensions,
      oversampling: 10,
      powerIterations: parameters.powerIterations,
      seed: parameters.seed,
      pace,
    });
    const dimensions = values.length;
    const vectors = new Float32Array(termList.length * dimensions);
    for (let term = 0; term < termList.length; term++) {
      let norm = 0;
      for (let j = 0; j < dimensions; j++) {
        const value = left[term * dimensions + j] * values[j] ** parameters.singularPower;
        vectors[term * dimensions + j] = value;
        norm += value * value;
      }
      norm = Math.sqrt(norm);
      for (let j = 0; j < dimensions; j++)
        vectors[term * dimensions + j] = norm > 0 ? vectors[term * dimensions + j] / norm : 0;
    }
    const byTrigram = new Map<string, number[]>();
    const trigramCount = new Int32Array(termList.length);
    termList.forEach((term, id) => {
      const grams = trigrams(term);
      trigramCount[id] = grams.length;
      for (const gram of grams) {
        const list = byTrigram.get(gram);
        if (list) list.push(id);
        else byTrigram.set(gram, [id]);
      }
    });
    return new VocabularyEmbedding(
      dimensions,
      termIds,
      termList,
      vectors,
      idf,
      { contextWeight: parameters.contextWeight, knowledgeWeight: parameters.knowledgeWeight },
      byTrigram,
      trigramCount,
    );
  }

  /** A code's vector: its own words, its synonyms and (weighted lower) its ancestors' titles. */
  embedDocument(document: EmbeddingDocument): Float32Array {
    const vector = new Float32Array(this.dimensions);
    for (const [term, weight] of weightedTerms(document, this.fieldWeights)) {
      const id = this.termIds.get(term);
      if (id !== undefined) this.addTerm(vector, id, weight);
    }
    return normalized(vector);
  }

  /** A query's vector; all zeros when none of its words is known or close to a known word. */
  embedQuery(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    for (const term of new Set(terms(text))) {
      if (isLowInformation(term)) continue;
      const id = this.termIds.get(term);
      if (id !== undefined) this.addTerm(vector, id, 1);
      else {
        const near = this.nearestByTrigrams(term);
        if (near) this.addTerm(vector, near.id, near.similarity);
      }
    }
    return normalized(vector);
  }

  /** Cosine of two known words (undefined when either is unknown): for tests and diagnosis. */
  similarity(a: string, b: string): number | undefined {
    const [x, y] = [this.termIds.get(terms(a)[0] ?? ''), this.termIds.get(terms(b)[0] ?? '')];
    if (x === undefined || y === undefined) return undefined;
    let dot = 0;
    for (let j = 0; j < this.dimensions; j++)
      dot += this.vectors[x * this.dimensions + j] * this.vectors[y * this.dimensions + j];
    return dot;
  }

  get vocabularySize(): number {
    return this.terms.length;
  }

  private addTerm(vector: Float32Array, id: number, weight: number): void {
    const scale = weight * this.idf[id];
    for (let j = 0; j < this.dimensions; j++)
      vector[j] += scale * this.vectors[id * this.dimensions + j];
  }

  private nearestByTrigrams(term: string): { id: number; similarity: number } | undefined {
    const grams = trigrams(term);
    const shared = new Map<number, number>();
    for (const gram of grams)
      for (const id of this.byTrigram.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    let best: { id: number; similarity: number } | undefined;
    for (const [id, count] of shared) {
      const similarity = (2 * count) / (grams.length + this.trigramCount[id]);
      if (similarity >= FALLBACK_SIMILARITY && (!best || similarity > best.similarity))
        best = { id, similarity };
    }
    return best;
  }
}

function normalized(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let j = 0; j < vector.length; j++) vector[j] /= norm;
  return vector;
}

/** The word-by-code PPMI matrix, with the codes' marginals smoothed by a power. */
async function ppmi(
  cells: readonly { term: number; doc: number; weight: number }[][],
  documents: number,
  smoothing: number,
  slice: Pace,
): Promise<SparseRows> {
  const termTotal = new Float64Array(cells.length);
  const docTotal = new Float64Array(documents);
  let total = 0;
  cells.forEach((row, term) => {
    for (const { doc, weight } of row) {
      termTotal[term] += weight;
      docTotal[doc] += weight;
      total += weight;
    }
  });
  let smoothedTotal = 0;
  for (let doc = 0; doc < documents; doc++) {
    docTotal[doc] = docTotal[doc] ** smoothing;
    smoothedTotal += docTotal[doc];
  }
  const offsets = new Int32Array(cells.length + 1);
  const columnOf: number[] = [];
  const value: number[] = [];
  for (let term = 0; term < cells.length; term++) {
    await slice();
    for (const { doc, weight } of cells[term]) {
      const pmi = Math.log(
        (weight * total * smoothedTotal) / (termTotal[term] * total * docTotal[doc]),
      );
      if (pmi > 0) {
        columnOf.push(doc);
        value.push(pmi);
      }
    }
    offsets[term + 1] = columnOf.length;
  }
  return {
    rows: cells.length,
    columns: documents,
    offsets,
    columnOf: Int32Array.from(columnOf),
    value: Float64Array.from(value),
  };
}
