import type { LexicalKnowledge } from '../../domain/lexical/lexical-knowledge.js';
import type { RelatedWord } from '../../domain/text-search/code-search-index.js';

/**
 * A published lexical database (WordNet by default; `LEXICAL_KNOWLEDGE=none` turns it off)
 * asked what it knows about the words and phrases of a code system's titles.
 */
export abstract class LexicalKnowledgeSource {
  abstract readonly name: string;
  /** `pause` is awaited between pieces of work, so a serving process stays responsive. */
  abstract about(titles: readonly string[], pause: () => Promise<void>): Promise<LexicalKnowledge>;
  /**
   * What the database relates to each of a query's words that the codes do not hold (its
   * synonyms, the words of its definition, its hypernym), by word; a word it does not know
   * maps to nothing.
   */
  abstract related(words: readonly string[]): Promise<ReadonlyMap<string, readonly RelatedWord[]>>;
}
