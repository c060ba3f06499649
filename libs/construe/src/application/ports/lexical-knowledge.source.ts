import type { LexicalKnowledge } from '../../domain/lexical/lexical-knowledge.js';

/**
 * A published lexical database (WordNet by default; `LEXICAL_KNOWLEDGE=none` turns it off)
 * asked what it knows about the words and phrases of a code system's titles.
 */
export abstract class LexicalKnowledgeSource {
  abstract readonly name: string;
  /** `pause` is awaited between pieces of work, so a serving process stays responsive. */
  abstract about(titles: readonly string[], pause: () => Promise<void>): Promise<LexicalKnowledge>;
}
