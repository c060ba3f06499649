import { boundedEditDistance } from '@app/shared';
import { indexWords } from './index-words.js';

/** One concept as the name index holds it. */
export interface NamedConcept {
  conceptId: number;
  vocabularyId: string;
  code: string;
  name: string;
  conceptClassId: string;
  standard: boolean;
}

/** One RxNorm relationship row (`Tradename of`, `RxNorm has ing`, `Consists of`, …). */
export interface ConceptLinkRow {
  from: number;
  to: number;
  relationshipId: string;
}

export interface NameHit {
  code: string;
  display: string;
  /** Share of the query's words the name holds, 0–1. */
  score: number;
  conceptClassId: string;
}

interface Entry {
  concept: NamedConcept;
  words: string[];
}

/** Classes whose names carry a brand: `[Brand]` at the end of a branded drug's name. */
const BRANDED_CLASSES = new Set([
  'Branded Drug',
  'Branded Drug Comp',
  'Branded Drug Form',
  'Quant Branded Drug',
  'Branded Pack',
]);
/** Relationships that lead from a branded product towards its clinical drug and ingredient. */
const TOWARDS_INGREDIENT = new Set([
  'Tradename of',
  'Consists of',
  'RxNorm has ing',
  'Has brand name',
  'Contains',
  'Has form',
]);

class VocabularyWords {
  readonly entries: Entry[] = [];
  readonly postings = new Map<string, number[]>();
  /** Alphabetic words by first letter, for respelling. */
  readonly byLetter = new Map<string, string[]>();

  add(concept: NamedConcept): void {
    const words = [...new Set(indexWords(concept.name))];
    const id = this.entries.push({ concept, words }) - 1;
    for (const word of words) {
      const list = this.postings.get(word);
      if (list) list.push(id);
      else this.postings.set(word, [id]);
    }
  }

  seal(): void {
    for (const word of this.postings.keys()) {
      if (!/^[a-z]{4,}$/.test(word)) continue;
      const list = this.byLetter.get(word[0]) ?? [];
      list.push(word);
      this.byLetter.set(word[0], list);
    }
  }
}

/**
 * An in-memory index of the loaded vocabulary's concept names, by word, so that a sentence's
 * look-ups cost no database round trip: word search, respelling of misspelt words against
 * the names' own words, and the ingredients of RxNorm brand names through the vocabulary's
 * relationships.
 */
export class ConceptNameIndex {
  private readonly vocabularies = new Map<string, VocabularyWords>();
  private readonly brands = new Map<string, Set<string>>();
  /** RxNorm ingredient and brand names (lower case), for spotting drugs in text. */
  private readonly drugNames = new Set<string>();

  private constructor() {}

  static build(
    concepts: Iterable<NamedConcept>,
    links: Iterable<ConceptLinkRow>,
  ): ConceptNameIndex {
    const index = new ConceptNameIndex();
    const byId = new Map<number, NamedConcept>();
    const seen = new Set<string>();
    for (const concept of concepts) {
      const key = `${concept.vocabularyId}|${concept.code}|${concept.name.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      byId.set(concept.conceptId, concept);
      let words = index.vocabularies.get(concept.vocabularyId);
      if (!words) {
        words = new VocabularyWords();
        index.vocabularies.set(concept.vocabularyId, words);
      }
      words.add(concept);
    }
    for (const words of index.vocabularies.values()) words.seal();
    index.indexBrands(byId, [...links]);
    return index;
  }

  get size(): number {
    let total = 0;
    for (const words of this.vocabularies.values()) total += words.entries.length;
    return total;
  }

  holds(vocabularyId: string): boolean {
    return this.vocabularies.has(vocabularyId);
  }

  /**
   * Names sharing words with the phrase: most of the phrase's words first, then the fewest
   * words the phrase does not name, standard concepts before others.
   */
  search(vocabularyId: string, phrase: string, limit: number): NameHit[] {
    const words = this.vocabularies.get(vocabularyId);
    const wanted = [...new Set(indexWords(phrase))];
    if (!words || wanted.length === 0) return [];
    const matched = new Map<number, number>();
    for (const word of wanted)
      for (const id of words.postings.get(word) ?? []) matched.set(id, (matched.get(id) ?? 0) + 1);
    const ranked = [...matched].map(([id, count]) => {
      const entry = words.entries[id];
      return { entry, count, extra: entry.words.length - count };
    });
    ranked.sort(
      (a, b) =>
        b.count - a.count ||
        a.extra - b.extra ||
        Number(b.entry.concept.standard) - Number(a.entry.concept.standard) ||
        a.entry.concept.name.length - b.entry.concept.name.length,
    );
    return ranked.slice(0, limit).map(({ entry, count }) => ({
      code: entry.concept.code,
      display: entry.concept.name,
      score: count / wanted.length,
      conceptClassId: entry.concept.conceptClassId,
    }));
  }

  /**
   * The phrase with each word the vocabulary's names do not hold replaced by the closest
   * word they do (one edit for words under eight letters, two from eight; same first
   * letter; the most frequent on a tie). Words it holds, short words and numbers stay.
   */
  respell(vocabularyId: string, phrase: string): string {
    const words = this.vocabularies.get(vocabularyId);
    if (!words) return phrase;
    return phrase.replace(/[A-Za-z]{5,}/g, (word) => {
      const lower = word.toLowerCase();
      if (indexWords(lower).every((w) => words.postings.has(w))) return word;
      const max = lower.length >= 8 ? 2 : 1;
      let best: { word: string; distance: number; frequency: number } | undefined;
      for (const candidate of words.byLetter.get(lower[0]) ?? []) {
        const distance = boundedEditDistance(lower, candidate, max);
        if (distance > max) continue;
        const frequency = words.postings.get(candidate)!.length;
        if (
          !best ||
          distance < best.distance ||
          (distance === best.distance && frequency > best.frequency)
        )
          best = { word: candidate, distance, frequency };
      }
      return best?.word ?? word;
    });
  }

  /** Whether a name is an RxNorm brand the vocabulary holds. */
  isBrand(name: string): boolean {
    return this.brands.has(brandKey(name));
  }

  /** The ingredient names of an RxNorm brand (`Tylenol` → acetaminophen); empty if unknown. */
  brandIngredients(name: string): string[] {
    return [...(this.brands.get(brandKey(name)) ?? [])];
  }

  /**
   * Where the text names an RxNorm ingredient or brand: runs of one to three words equal to a
   * name, else a word of five letters or more one or two edits from a one-word name.
   */
  drugNamesIn(text: string): { start: number; end: number; text: string }[] {
    const words = [...text.matchAll(/[A-Za-z][A-Za-z-]*/g)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
      lower: m[0].toLowerCase(),
    }));
    const found: { start: number; end: number; text: string }[] = [];
    const taken = (start: number, end: number) => found.some((f) => f.start < end && start < f.end);
    for (let length = 3; length >= 1; length--)
      for (let i = 0; i + length <= words.length; i++) {
        const run = words.slice(i, i + length);
        const start = run[0].start;
        const end = run[run.length - 1].end;
        if (taken(start, end)) continue;
        if (this.drugNames.has(run.map((w) => w.lower).join(' ')))
          found.push({ start, end, text: text.slice(start, end) });
      }
    for (const word of words) {
      if (word.lower.length < 5 || taken(word.start, word.end)) continue;
      const max = word.lower.length >= 8 ? 2 : 1;
      // A one-word name, or the first word of a longer one ("penicilin" → penicillin V potassium).
      for (const name of this.drugNames) {
        const first = name.split(' ')[0];
        if (
          first.length >= 5 &&
          first[0] === word.lower[0] &&
          boundedEditDistance(word.lower, first, max) <= max
        ) {
          found.push({ start: word.start, end: word.end, text: text.slice(word.start, word.end) });
          break;
        }
      }
    }
    return found.sort((a, b) => a.start - b.start);
  }

  private indexBrands(byId: Map<number, NamedConcept>, links: ConceptLinkRow[]): void {
    const rxnorm = this.vocabularies.get('RxNorm');
    if (!rxnorm) return;
    for (const { concept } of rxnorm.entries) {
      if (concept.conceptClassId === 'Ingredient' || concept.conceptClassId === 'Brand Name')
        this.drugNames.add(concept.name.toLowerCase());
      // A drug whose ingredient concept the vocabulary lacks: the words its name starts with
      // ("1 ML Epoetin Alfa 4000 UNT/ML Injection" → "epoetin alfa").
      const leading = leadingDrugWords(concept.name);
      if (leading && concept.conceptClassId !== 'Ingredient') this.drugNames.add(leading);
    }
    const next = new Map<number, number[]>();
    for (const link of links) {
      if (!TOWARDS_INGREDIENT.has(link.relationshipId)) continue;
      const list = next.get(link.from) ?? [];
      list.push(link.to);
      next.set(link.from, list);
    }
    const ingredientNames = new Map<string, string>();
    for (const { concept } of rxnorm.entries)
      if (concept.conceptClassId === 'Ingredient')
        ingredientNames.set(concept.name.toLowerCase(), concept.name.toLowerCase());
    for (const { concept } of rxnorm.entries) {
      const brand = brandOf(concept);
      if (!brand) continue;
      const found = ingredientsThroughLinks(concept.conceptId, byId, next);
      // A branded drug whose links the vocabulary does not hold: the loaded ingredients its
      // name starts with ("acetaminophen 325 MG Oral Tablet [Tylenol]").
      if (found.size === 0)
        for (const name of namedIngredients(concept.name, ingredientNames)) found.add(name);
      if (found.size === 0) continue;
      this.drugNames.add(brandKey(brand));
      const set = this.brands.get(brandKey(brand)) ?? new Set<string>();
      for (const name of found) set.add(name);
      this.brands.set(brandKey(brand), set);
    }
  }
}

function brandOf(concept: NamedConcept): string | undefined {
  if (concept.conceptClassId === 'Brand Name') return concept.name;
  if (!BRANDED_CLASSES.has(concept.conceptClassId)) return undefined;
  return /\[([^\]]+)\]\s*$/.exec(concept.name)?.[1];
}

function leadingDrugWords(name: string): string | undefined {
  const words = name
    .replace(/^(?:NDA\d+\s+)?(?:\d+(?:\.\d+)?\s+(?:HR|ML|ACTUAT|MG|DAY)\s+)+/i, '')
    .split(/\s+/);
  const lead: string[] = [];
  for (const word of words) {
    if (!/^[A-Za-z][A-Za-z-]*,?$/.test(word) || lead.length === 3) break;
    lead.push(word.replace(/,$/, '').toLowerCase());
  }
  // Leading words that do not end at a strength ("{28 (…" packs, "Kyleena 19.5 MG …") are kept
  // only when a number follows them.
  const next = words[lead.length];
  return lead.length > 0 && next !== undefined && /^\d/.test(next) ? lead.join(' ') : undefined;
}

function brandKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ').trim();
}

function ingredientsThroughLinks(
  start: number,
  byId: Map<number, NamedConcept>,
  next: Map<number, number[]>,
): Set<string> {
  const found = new Set<string>();
  const seen = new Set([start]);
  let frontier = [start];
  for (let depth = 0; depth < 3 && frontier.length > 0; depth++) {
    const following: number[] = [];
    for (const id of frontier)
      for (const to of next.get(id) ?? []) {
        if (seen.has(to)) continue;
        seen.add(to);
        const concept = byId.get(to);
        if (concept?.conceptClassId === 'Ingredient') found.add(concept.name.toLowerCase());
        else following.push(to);
      }
    frontier = following;
  }
  return found;
}

function namedIngredients(name: string, ingredients: Map<string, string>): string[] {
  const words = name
    .toLowerCase()
    .replace(/\[[^\]]*\]/g, ' ')
    .split(/\s+/);
  const found: string[] = [];
  for (let length = 3; length >= 1; length--)
    for (let i = 0; i + length <= words.length; i++) {
      const candidate = words.slice(i, i + length).join(' ');
      if (ingredients.has(candidate) && !found.some((f) => f.includes(candidate)))
        found.push(candidate);
    }
  return found;
}
