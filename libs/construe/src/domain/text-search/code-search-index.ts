import { boundedEditDistance } from '@app/shared';
import { selectKthLargest } from '../kth-largest.js';
import { stem } from './clinical-stemmer.js';
import { editDistanceFloor, letterMask } from './letter-mask.js';
import { isLowInformation, queryWords, terms, words, type QueryWord } from './search-words.js';
import { TitleInitials, typedAcronyms } from './title-acronyms.js';

/** A word related to a query word (`search`'s `expansions`), with how closely (0–1]. */
export interface RelatedWord {
  word: string;
  weight: number;
}

/**
 * In-memory lexical retrieval over one code system: BM25F over three fields of each code
 * (its own title; its synonyms, from the vocabulary's synonym rows and the names of the
 * concepts it maps to or from; the titles of the codes above it), with stemming,
 * boilerplate words that never select candidates alone, and fuzzy or partial-word
 * matching of query words the system does not know, always weighed below an exact match.
 */
export interface SearchDocument {
  title: string;
  synonyms?: readonly string[];
  /** Names of the concepts above the code (category titles, parent concepts). */
  context?: readonly string[];
  /**
   * The category the code belongs to (an ICD-10 code's first three characters), if its
   * system has any: the titles of a category's codes together say what the category is
   * about, beyond the words of any one title.
   */
  group?: string;
  /**
   * What a general lexical database says about the title's words and phrases (their synonyms,
   * definitions, the nouns its adjectives pertain to): a fourth field, weighed lowest, so that a
   * query worded as a definition finds the code without outranking one that names it.
   */
  knowledge?: readonly string[];
}

export interface SearchHit {
  /** Index of the document in the order it was given. */
  doc: number;
  score: number;
}

/** The ranking's parameters; the defaults are what the service uses. */
export interface RankingParameters {
  /** Field weights: a word of the title counts fully, a synonym's nearly, a parent's little. */
  title: number;
  synonyms: number;
  context: number;
  /** Weight of the lexical-knowledge field (`SearchDocument.knowledge`). */
  knowledge: number;
  k1: number;
  b: number;
  /** A fuzzy or partial match counts at most this share of an exact one. */
  fuzzy: number;
  /**
   * Every word of six letters or more is also indexed under its first five letters, its root
   * ("tubercul-ous", "tubercul-osis"; "menin-ges", "menin-gitis"), which a query word matches
   * at this share of an exact match: derivations that no suffix stemmer joins still meet.
   */
  root: number;
  /**
   * How much a code's score depends on the share of its own title the query accounts for:
   * a title word the query does not mention names something else ("syphilitic meningitis"
   * for "syphilitic lymphadenopathy"), so the residual "Other secondary syphilitic
   * conditions" and the exact title come first.
   */
  coverage: number;
  /**
   * Weight of the code's category in its score: each category is also scored as one document
   * made of all its codes' title words (cluster-based retrieval), so that a query whose
   * words are spread over a category's titles ("atresia", "bronchus") prefers codes of that
   * category to a code elsewhere that has one rare word. Both scores are taken relative to
   * the query's best code and best category.
   */
  group: number;
  /**
   * A residual class ("Other specified diseases of pancreas", "… not elsewhere classified")
   * holds the cases its siblings do not name. A query with a meaningful word that such a code
   * holds nowhere (title, synonyms, hierarchy: a pancreas disease that no sibling names) names
   * such a case: the residual code's score is multiplied by 1 + residualGain. A query whose
   * every word the code holds names no unlisted case ("migraine": "Migraine, unspecified"
   * rather than "Other migraine"): it is multiplied by 1 - residualLoss.
   */
  residualGain: number;
  residualLoss: number;
  /**
   * Query-side expansion (`search`'s `expansions`): a query word that at most `expandBelow`
   * codes hold in their names (title, synonyms; a word found only in a code's hierarchy or
   * lexical knowledge is not named by it) is also matched through its related words (its
   * synonyms, hypernyms, parts' wholes in a lexical database), each at `expansion` × its closeness × its own IDF, summed per code and
   * capped at `expansion` × the word's own IDF: an expanded word never counts more than a
   * share of what the word itself would have counted, so a code holding the query's own
   * words stays ahead of one that holds only related words.
   */
  expansion: number;
  expandBelow: number;
  /**
   * A query word typed in capitals that no name holds ("DRESS") also matches the codes whose
   * names have consecutive words it is the initials of (`TitleInitials`): scored as a term
   * found in those codes (its IDF from their number) times this weight, and covering the IDF of
   * the title words it stands for; 0 turns acronyms off.
   */
  acronym: number;
}

export const DEFAULT_RANKING: RankingParameters = {
  title: 1,
  synonyms: 0.7,
  context: 0.3,
  knowledge: 0.2,
  k1: 1.2,
  b: 0.75,
  fuzzy: 0.6,
  root: 0.35,
  coverage: 0.5,
  group: 0.3,
  residualGain: 0.1,
  residualLoss: 0.05,
  expansion: 0.7,
  expandBelow: 100,
  acronym: 1,
};
/**
 * Title words of a residual class: "Other …", "… NEC". ("Elsewhere" is not one: "… in
 * diseases classified elsewhere" names a manifestation, not a remainder.)
 */
const RESIDUAL_TERMS = new Set(['other', 'nec'].map(stem));
const UNSPECIFIED_TERM = stem('unspecified');

/** A residual title that is not also the unspecified case ("Other and unspecified …"). */
function isResidualTitle(titleTerms: readonly string[]): boolean {
  return (
    titleTerms.some((term) => RESIDUAL_TERMS.has(term)) && !titleTerms.includes(UNSPECIFIED_TERM)
  );
}

/** How many of the best categories of a query give their codes a share of their score. */
const GROUP_DEPTH = 100;
const ROOT_LENGTH = 5;
const MAX_ALTERNATIVES = 3;
/** Codes indexed between two pauses of a stepwise build. */
const BUILD_STEP = 4_000;

/** BM25's IDF of a term found in `df` of `count` documents. */
function inverseFrequency(count: number, df: number): number {
  return Math.log(1 + (count - df + 0.5) / (df + 0.5));
}

function rootOf(term: string): string | null {
  return term.length > ROOT_LENGTH && !/\d/.test(term) ? `~${term.slice(0, ROOT_LENGTH)}` : null;
}

interface Postings {
  docs: Int32Array;
  /** Saturated BM25F term frequency of the term in each doc (without the IDF). */
  weights: Float32Array;
  /** Whether the term is in the doc's own names (title or synonyms), not only in its context. */
  inTitle: Uint8Array;
  /** What a match covers of each doc's title, when it is not the term's IDF (an acronym's words). */
  covered?: Float32Array;
}

interface Alternative {
  termId: number;
  factor: number;
  /** Postings made for the query (an acronym's matches), with their own IDF. */
  postings?: Postings;
  idf?: number;
}

export class CodeSearchIndex {
  private readonly termIds = new Map<string, number>();
  private readonly dictionary: string[] = [];
  private readonly postings: Postings[] = [];
  private idf: Float64Array = new Float64Array(0);
  private namedCounts: Uint32Array = new Uint32Array(0);
  private titleLengths: Uint16Array = new Uint16Array(0);
  /** IDF mass of each title's meaningful terms, and how much of it the current query covers. */
  private titleMass: Float64Array = new Float64Array(0);
  private titleCovered: Float64Array = new Float64Array(0);
  private scores: Float64Array = new Float64Array(0);
  /** How many of the current query's selecting words each touched doc holds, in any field. */
  private matched: Uint8Array = new Uint8Array(0);
  /** Whether each title names a residual class ("Other …", "… NEC") and not also the unspecified case. */
  private residual: Uint8Array = new Uint8Array(0);
  private marks: Uint32Array = new Uint32Array(0);
  private generation = 0;
  private wordScores: Float64Array = new Float64Array(0);
  private wordCovered: Float64Array = new Float64Array(0);
  private wordMarks: Uint32Array = new Uint32Array(0);
  private wordGeneration = 0;
  /**
   * Scratch lists, allocated once (a search runs to its end without yielding): the docs the
   * current query touches, those the current word touches, and their scores for the top-k cut.
   */
  private touchedDocs: Int32Array = new Int32Array(0);
  private wordTouchedDocs: Int32Array = new Int32Array(0);
  private selection: Float64Array = new Float64Array(0);
  /** Each category's share of the query's best category score, while a search adds them (0 otherwise). */
  private groupShares: Float64Array = new Float64Array(0);
  /** Term ids (not roots) by term length, and in term order: the fuzzy matching's dictionary. */
  private readonly byLength = new Map<number, number[]>();
  /** Each term's `letterMask`: most of a length bucket is ruled out without an edit distance. */
  private letterMasks: Int32Array = new Int32Array(0);
  private sortedTerms: number[] = [];
  /** The category index of each code (-1 without one), and the index over the categories' documents. */
  private groupOf: Int32Array = new Int32Array(0);
  private groups: CodeSearchIndex | null = null;
  private acronyms: TitleInitials | null = null;

  /** Builds the index at once. */
  constructor(
    documents: readonly SearchDocument[],
    private readonly ranking: RankingParameters = DEFAULT_RANKING,
  ) {
    for (const _step of this.steps(documents)) {
      // Nothing to wait for.
    }
  }

  /**
   * Builds the index in steps of a few thousand codes, awaiting `pause` between them, so a
   * process that also serves requests (the embedded profile's database runs in it) stays
   * responsive while a large system is indexed.
   */
  static async build(
    documents: readonly SearchDocument[],
    pause: () => Promise<void>,
    ranking: RankingParameters = DEFAULT_RANKING,
  ): Promise<CodeSearchIndex> {
    // An empty index holds nothing yet: the steps fill it as they would in the constructor.
    const index = new CodeSearchIndex([], ranking);
    for (const _step of index.steps(documents)) await pause();
    return index;
  }

  private *steps(documents: readonly SearchDocument[]): Generator<void> {
    const count = documents.length;
    const fields: string[][][] = [];
    for (const document of documents) {
      if (fields.length % BUILD_STEP === BUILD_STEP - 1) yield;
      fields.push([
        terms(document.title),
        (document.synonyms ?? []).flatMap(terms),
        // Boilerplate words of the parents' titles ("Other and unspecified …") say nothing about the code.
        dedupe(document.context ?? [], document.title)
          .flatMap(terms)
          .filter((term) => !isLowInformation(term)),
        (document.knowledge ?? []).flatMap(terms).filter((term) => !isLowInformation(term)),
      ]);
    }
    // Average lengths over the codes that have the field: most codes have no synonyms.
    const averages = [0, 1, 2, 3].map((field) => {
      const lengths = fields.map((doc) => doc[field].length).filter((length) => length > 0);
      return lengths.reduce((sum, length) => sum + length, 0) / Math.max(lengths.length, 1) || 1;
    });
    const { k1, b } = this.ranking;
    const weights = [
      this.ranking.title,
      this.ranking.synonyms,
      this.ranking.context,
      this.ranking.knowledge,
    ];
    const building: { docs: number[]; weights: number[]; inTitle: number[] }[] = [];
    for (let doc = 0; doc < count; doc++) {
      if (doc % BUILD_STEP === BUILD_STEP - 1) yield;
      const docFields = fields[doc];
      const pseudoFrequency = new Map<number, number>();
      docFields.forEach((fieldTerms, field) => {
        if (weights[field] <= 0) return;
        const norm = 1 - b + (b * fieldTerms.length) / averages[field];
        for (const term of fieldTerms) {
          for (const key of [term, rootOf(term)]) {
            if (key === null) continue;
            const id = this.internTerm(key, building);
            pseudoFrequency.set(id, (pseudoFrequency.get(id) ?? 0) + weights[field] / norm);
          }
        }
      });
      const nameTerms = new Set([...docFields[0], ...docFields[1]]);
      for (const [id, frequency] of pseudoFrequency) {
        building[id].docs.push(doc);
        building[id].weights.push((frequency * (k1 + 1)) / (frequency + k1));
        building[id].inTitle.push(nameTerms.has(this.dictionary[id]) ? 1 : 0);
      }
    }
    this.idf = new Float64Array(building.length);
    building.forEach((entry, id) => {
      this.postings.push({
        docs: Int32Array.from(entry.docs),
        weights: Float32Array.from(entry.weights),
        inTitle: Uint8Array.from(entry.inTitle),
      });
      const df = entry.docs.length;
      this.idf[id] = inverseFrequency(count, df);
    });
    this.namedCounts = Uint32Array.from(building, (entry) =>
      entry.inTitle.reduce((sum, flag) => sum + flag, 0),
    );
    this.titleLengths = Uint16Array.from(fields, (doc) => Math.min(doc[0].length, 65_535));
    this.titleMass = Float64Array.from(fields, (doc) =>
      [...new Set(doc[0])]
        .filter((term) => !isLowInformation(term))
        .reduce((sum, term) => sum + this.idf[this.termIds.get(term)!], 0),
    );
    this.scores = new Float64Array(count);
    this.matched = new Uint8Array(count);
    this.residual = Uint8Array.from(fields, (doc) => (isResidualTitle(doc[0]) ? 1 : 0));
    this.marks = new Uint32Array(count);
    this.titleCovered = new Float64Array(count);
    this.wordScores = new Float64Array(count);
    this.wordCovered = new Float64Array(count);
    this.wordMarks = new Uint32Array(count);
    this.touchedDocs = new Int32Array(count);
    this.wordTouchedDocs = new Int32Array(count);
    this.selection = new Float64Array(count);
    const words = this.dictionary.flatMap((term, id) => (term.startsWith('~') ? [] : [id]));
    for (const id of words) {
      const length = this.dictionary[id].length;
      const bucket = this.byLength.get(length);
      if (bucket) bucket.push(id);
      else this.byLength.set(length, [id]);
    }
    this.letterMasks = Int32Array.from(this.dictionary, letterMask);
    this.indexGroups(documents);
    if (this.ranking.acronym > 0) {
      this.acronyms = new TitleInitials(
        documents.map((document) => [document.title, ...(document.synonyms ?? [])]),
        (word) => this.termIds.get(stem(word)) ?? -1,
      );
    }
    this.sortedTerms = words.sort((a, b) =>
      this.dictionary[a] < this.dictionary[b]
        ? -1
        : this.dictionary[a] > this.dictionary[b]
          ? 1
          : 0,
    );
  }

  private indexGroups(documents: readonly SearchDocument[]): void {
    this.groupOf = new Int32Array(documents.length).fill(-1);
    if (this.ranking.group <= 0) return;
    const ids = new Map<string, number>();
    const groupWords: Set<string>[] = [];
    documents.forEach((document, doc) => {
      if (document.group === undefined) return;
      let id = ids.get(document.group);
      if (id === undefined) {
        id = groupWords.length;
        ids.set(document.group, id);
        groupWords.push(new Set());
      }
      this.groupOf[doc] = id;
      for (const word of words(document.title)) groupWords[id].add(word);
    });
    if (groupWords.length === 0) return;
    this.groupShares = new Float64Array(groupWords.length);
    // A category's document holds each word once: a category with many codes is not more relevant.
    this.groups = new CodeSearchIndex(
      groupWords.map((words) => ({ title: [...words].join(' ') })),
      // A category's document is a set of words, not a name: no acronyms.
      { ...this.ranking, coverage: 0, group: 0, acronym: 0 },
    );
  }

  get size(): number {
    return this.scores.length;
  }

  private internTerm(
    term: string,
    building: { docs: number[]; weights: number[]; inTitle: number[] }[],
  ): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.dictionary.length;
      this.termIds.set(term, id);
      this.dictionary.push(term);
      building.push({ docs: [], weights: [], inTitle: [] });
    }
    return id;
  }

  /** The best `limit` documents for the query, best first; ties go to the shorter title, then index order. */
  search(
    query: string,
    limit: number,
    expansions?: ReadonlyMap<string, readonly RelatedWord[]>,
  ): SearchHit[] {
    const words = queryWords(query);
    const own = new Set(words.map((word) => word.term));
    const acronyms = this.acronyms === null ? new Set<string>() : typedAcronyms(query);
    const resolved = words
      .map((word) => ({
        word,
        alternatives: [...this.alternatives(word), ...this.acronymAlternatives(word, acronyms)],
        ...this.expansionOf(word, expansions, own),
      }))
      .filter((entry) => entry.alternatives.length > 0 || entry.related.length > 0);
    if (resolved.length === 0 || limit <= 0) return [];
    const selecting = resolved.filter((entry) => !isLowInformation(entry.word.term));
    // Boilerplate words select codes only in a query made of nothing else ("other", "NOS").
    const onlyBoilerplate = words.every((word) => isLowInformation(word.term));
    if (selecting.length === 0 && !onlyBoilerplate) return [];
    const selectors = selecting.length > 0 ? selecting : resolved;
    const others = resolved.filter((entry) => !selectors.includes(entry));

    const generation = this.nextGeneration();
    const { scores, titleCovered, matched, marks, touchedDocs, wordTouchedDocs } = this;
    const { wordScores, wordCovered } = this;
    let touched = 0;
    for (const entry of selectors) {
      const wordTouched = this.accumulate(entry.alternatives, entry.related, entry.cap);
      for (let index = 0; index < wordTouched; index++) {
        const doc = wordTouchedDocs[index];
        if (marks[doc] !== generation) {
          marks[doc] = generation;
          scores[doc] = 0;
          titleCovered[doc] = 0;
          matched[doc] = 0;
          touchedDocs[touched++] = doc;
        }
        matched[doc]++;
        scores[doc] += wordScores[doc];
        titleCovered[doc] += wordCovered[doc];
      }
    }
    for (const entry of others) {
      const wordTouched = this.accumulate(entry.alternatives, [], 0);
      for (let index = 0; index < wordTouched; index++) {
        const doc = wordTouchedDocs[index];
        if (marks[doc] === generation) scores[doc] += wordScores[doc];
      }
    }
    const { coverage: coverageWeight, residualGain, residualLoss } = this.ranking;
    for (let index = 0; index < touched; index++) {
      const doc = touchedDocs[index];
      const coverage =
        this.titleMass[doc] > 0 ? Math.min(titleCovered[doc] / this.titleMass[doc], 1) : 1;
      scores[doc] *= 1 - coverageWeight + coverageWeight * coverage;
      if (this.residual[doc] && selecting.length > 0) {
        scores[doc] *= matched[doc] < selectors.length ? 1 + residualGain : 1 - residualLoss;
      }
    }
    if (this.groups !== null) this.addGroupScores(query, touched);
    return this.top(touched, limit);
  }

  /**
   * The query's words (as typed, lower case) that are worth looking up in a lexical database:
   * meaningful words of four letters or more, no abbreviation, that at most `expandBelow` codes
   * name (none: a word of nobody's title).
   */
  wordsToExpand(query: string): string[] {
    if (this.ranking.expansion <= 0) return [];
    const acronyms = typedAcronyms(query);
    return queryWords(query)
      .filter(
        (word) =>
          !word.abbreviation &&
          !acronyms.has(word.word) &&
          word.word.length >= 4 &&
          !/\d/.test(word.word) &&
          !isLowInformation(word.term) &&
          this.namedFrequency(word.term) <= this.ranking.expandBelow,
      )
      .map((word) => word.word);
  }

  /** How many codes hold the term in their names (title, synonyms), not only in context or knowledge. */
  private namedFrequency(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.namedCounts[id];
  }

  /** The index terms of a query word's related words, and the cap on what they add up to. */
  private expansionOf(
    word: QueryWord,
    expansions: ReadonlyMap<string, readonly RelatedWord[]> | undefined,
    own: ReadonlySet<string>,
  ): { related: Alternative[]; cap: number } {
    const found = expansions?.get(word.word);
    if (found === undefined || found.length === 0 || this.ranking.expansion <= 0) {
      return { related: [], cap: 0 };
    }
    const best = new Map<number, number>();
    for (const { word: relatedWord, weight } of found) {
      const term = stem(relatedWord);
      if (own.has(term) || isLowInformation(term)) continue;
      const factor = this.ranking.expansion * weight;
      const root = rootOf(term);
      for (const [key, share] of [
        [term, 1],
        [root, this.ranking.root],
      ] as const) {
        const termId = key === null ? undefined : this.termIds.get(key);
        if (termId !== undefined && factor * share > (best.get(termId) ?? 0)) {
          best.set(termId, factor * share);
        }
      }
    }
    const id = this.termIds.get(word.term);
    const count = this.size;
    const idf = id === undefined ? inverseFrequency(count, 0) : this.idf[id];
    return {
      related: [...best].map(([termId, factor]) => ({ termId, factor })),
      cap: this.ranking.expansion * idf,
    };
  }

  /** Adds each touched doc's category score (the first `touched` of `touchedDocs`). */
  private addGroupScores(query: string, touched: number): void {
    const groupHits = this.groups!.search(query, GROUP_DEPTH);
    if (groupHits.length === 0) return;
    const { scores, touchedDocs, groupOf, groupShares } = this;
    let best = 0;
    for (let index = 0; index < touched; index++) best = Math.max(best, scores[touchedDocs[index]]);
    if (best <= 0) return;
    for (const hit of groupHits) groupShares[hit.doc] = hit.score / groupHits[0].score;
    const weight = this.ranking.group;
    for (let index = 0; index < touched; index++) {
      const doc = touchedDocs[index];
      const group = groupOf[doc];
      scores[doc] = scores[doc] / best + weight * (group < 0 ? 0 : groupShares[group]);
    }
    for (const hit of groupHits) groupShares[hit.doc] = 0;
  }

  private nextWordGeneration(): number {
    this.wordGeneration = (this.wordGeneration + 1) >>> 0;
    if (this.wordGeneration === 0) {
      this.wordMarks.fill(0);
      this.wordGeneration = 1;
    }
    return this.wordGeneration;
  }

  private nextGeneration(): number {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.marks.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }

  /**
   * Each doc's best contribution among a word's alternatives, into the word's scratch scores
   * (`wordScores`, `wordCovered`); returns how many docs it touched, listed first in
   * `wordTouchedDocs`.
   */
  private accumulate(alternatives: Alternative[], related: Alternative[], cap: number): number {
    const generation = this.nextWordGeneration();
    let touched = 0;
    if (related.length > 0) {
      // The related words' contributions are summed per doc and capped, and count first: the
      // word's own alternatives then count where they are higher.
      touched = this.gather(related, generation, touched, true);
      const { wordTouchedDocs, wordScores, wordCovered } = this;
      for (let index = 0; index < touched; index++) {
        const doc = wordTouchedDocs[index];
        if (wordScores[doc] > cap) wordScores[doc] = cap;
        if (wordCovered[doc] > cap) wordCovered[doc] = cap;
      }
    }
    return this.gather(alternatives, generation, touched, false);
  }

  /**
   * Each doc's contribution from these alternatives into the word's scratch scores: the sum
   * of them (`sum`) or the best one. A doc seen first in this word's generation is added to
   * `wordTouchedDocs` after the first `touched`; returns the new count.
   */
  private gather(
    alternatives: Alternative[],
    generation: number,
    touched: number,
    sum: boolean,
  ): number {
    const { wordMarks, wordScores, wordCovered, wordTouchedDocs } = this;
    for (const alternative of alternatives) {
      const {
        docs,
        weights,
        inTitle,
        covered: coveredBy,
      } = alternative.postings ?? this.postings[alternative.termId];
      const idf = (alternative.idf ?? this.idf[alternative.termId]) * alternative.factor;
      for (let index = 0; index < docs.length; index++) {
        const doc = docs[index];
        const value = idf * weights[index];
        const covered = coveredBy ? coveredBy[index] : inTitle[index] ? idf : 0;
        if (wordMarks[doc] !== generation) {
          wordMarks[doc] = generation;
          wordScores[doc] = value;
          wordCovered[doc] = covered;
          wordTouchedDocs[touched++] = doc;
        } else if (sum) {
          wordScores[doc] += value;
          wordCovered[doc] += covered;
        } else {
          if (value > wordScores[doc]) wordScores[doc] = value;
          if (covered > wordCovered[doc]) wordCovered[doc] = covered;
        }
      }
    }
    return touched;
  }

  /**
   * The index terms a query word stands for: its own term when the system knows it;
   * otherwise (a word of four letters or more that is no abbreviation) the known terms
   * within one edit (two for long words) or that it begins, at a reduced weight; and in
   * either case its root, at a lower weight still.
   */
  private alternatives(word: QueryWord): Alternative[] {
    const root = isLowInformation(word.term) ? null : rootOf(word.term);
    const rootId = root === null ? undefined : this.termIds.get(root);
    const rootAlternative =
      rootId === undefined ? [] : [{ termId: rootId, factor: this.ranking.root }];
    const exact = this.termIds.get(word.term);
    if (exact !== undefined) return [{ termId: exact, factor: 1 }, ...rootAlternative];
    if (word.abbreviation || word.term.length < 4 || /\d/.test(word.term)) return [];
    return [...this.fuzzyAlternatives(word.term), ...rootAlternative];
  }

  /**
   * A word typed as an acronym: one alternative whose postings are the codes whose names it
   * spells out, scored as a term found in those codes (its IDF from their number), and
   * covering the IDF of the title words it stands for (the best place per code).
   */
  private acronymAlternatives(word: QueryWord, acronyms: ReadonlySet<string>): Alternative[] {
    // A word the system's names hold is searched as that word ("HIV").
    if (this.acronyms === null || !acronyms.has(word.word) || this.namedFrequency(word.term) > 0) {
      return [];
    }
    const values = new Map<number, number>();
    for (const match of this.acronyms.find(word.word)) {
      let value = 0;
      for (const id of match.wordIds) {
        if (id >= 0 && !isLowInformation(this.dictionary[id])) value += this.idf[id];
      }
      if (value > (values.get(match.doc) ?? 0)) values.set(match.doc, value);
    }
    if (values.size === 0) return [];
    const docs = Int32Array.from(values.keys());
    const postings: Postings = {
      docs,
      weights: new Float32Array(docs.length).fill(1),
      inTitle: new Uint8Array(docs.length).fill(1),
      covered: Float32Array.from(docs, (doc) => values.get(doc)!),
    };
    const idf = inverseFrequency(this.size, docs.length);
    return [{ termId: -1, factor: this.ranking.acronym, postings, idf }];
  }

  private fuzzyAlternatives(term: string): Alternative[] {
    const maxDistance = term.length >= 8 ? 2 : 1;
    const candidates: { termId: number; distance: number }[] = [];
    for (const termId of this.prefixed(term)) candidates.push({ termId, distance: 1 });
    const mask = letterMask(term);
    for (let length = term.length - maxDistance; length <= term.length + maxDistance; length++) {
      for (const termId of this.byLength.get(length) ?? []) {
        if (editDistanceFloor(mask, this.letterMasks[termId]) > maxDistance) continue;
        const distance = boundedEditDistance(term, this.dictionary[termId], maxDistance);
        if (distance <= maxDistance) candidates.push({ termId, distance });
      }
    }
    return candidates
      .sort(
        (a, b) =>
          a.distance - b.distance ||
          this.postings[b.termId].docs.length - this.postings[a.termId].docs.length,
      )
      .slice(0, MAX_ALTERNATIVES)
      .map(({ termId, distance }) => ({ termId, factor: this.ranking.fuzzy / distance }));
  }

  /** Known terms (not roots) at least two letters longer that begin with `prefix`. */
  private prefixed(prefix: string): number[] {
    const found: number[] = [];
    let low = 0;
    let high = this.sortedTerms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.dictionary[this.sortedTerms[middle]] < prefix) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < this.sortedTerms.length && found.length < 50; index++) {
      const candidate = this.dictionary[this.sortedTerms[index]];
      if (!candidate.startsWith(prefix)) break;
      if (candidate.length > prefix.length + 1) found.push(this.sortedTerms[index]);
    }
    return found;
  }

  /** The best `limit` of the first `touched` of `touchedDocs`. */
  private top(touched: number, limit: number): SearchHit[] {
    const { scores, titleLengths, touchedDocs } = this;
    const better = (a: number, b: number) =>
      scores[b] - scores[a] || titleLengths[a] - titleLengths[b] || a - b;
    const kept: number[] = [];
    if (touched > limit * 8) {
      // Keep only the docs that can still make the cut before sorting.
      const work = this.selection;
      for (let index = 0; index < touched; index++) work[index] = scores[touchedDocs[index]];
      const threshold = selectKthLargest(work, touched, limit);
      for (let index = 0; index < touched; index++)
        if (scores[touchedDocs[index]] >= threshold) kept.push(touchedDocs[index]);
    } else for (let index = 0; index < touched; index++) kept.push(touchedDocs[index]);
    return kept
      .sort(better)
      .slice(0, limit)
      .map((doc) => ({ doc, score: scores[doc] }));
  }
}

function dedupe(names: readonly string[], title: string): string[] {
  const seen = new Set([title.toLowerCase()]);
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
