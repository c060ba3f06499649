import type { Token } from '../text/tokenize.js';
import { tokenize } from '../text/tokenize.js';
import type { ContextCategory, TriggerDirection } from './context-trigger.js';
import type { ContextLexicon } from './context-lexicon.js';
import { expandPattern } from './expand-pattern.js';

export interface TriggerKind {
  category: ContextCategory;
  direction: TriggerDirection;
}

export interface TriggerMatch {
  /** Token indices, end exclusive. */
  first: number;
  last: number;
  start: number;
  end: number;
  kinds: TriggerKind[];
}

interface CompiledPhrase {
  words: string[];
  kinds: TriggerKind[];
}

/** Trigger phrases indexed by their first word, longest first. */
export class TriggerMatcher {
  private readonly byFirstWord = new Map<string, CompiledPhrase[]>();

  constructor(lexicon: ContextLexicon) {
    const phrases = new Map<string, CompiledPhrase>();
    for (const [category, directions] of Object.entries(lexicon) as [
      ContextCategory,
      ContextLexicon[ContextCategory],
    ][]) {
      for (const [direction, patterns] of Object.entries(directions) as [
        TriggerDirection,
        string[],
      ][]) {
        for (const phrase of patterns.flatMap(expandPattern)) {
          const words = tokenize(phrase).map((token) => token.norm);
          if (words.length === 0) continue;
          const key = words.join(' ');
          const entry = phrases.get(key) ?? { words, kinds: [] };
          if (!entry.kinds.some((k) => k.category === category && k.direction === direction)) {
            entry.kinds.push({ category, direction });
          }
          phrases.set(key, entry);
        }
      }
    }
    for (const phrase of phrases.values()) {
      const list = this.byFirstWord.get(phrase.words[0]) ?? [];
      list.push(phrase);
      this.byFirstWord.set(phrase.words[0], list);
    }
    for (const list of this.byFirstWord.values()) {
      list.sort((a, b) => b.words.length - a.words.length);
    }
  }

  /**
   * Longest-first, left-to-right, non-overlapping matches. Tokens in `skip` (the target
   * itself) never take part in a trigger.
   */
  match(tokens: Token[], skip?: { first: number; last: number }): TriggerMatch[] {
    const matches: TriggerMatch[] = [];
    let i = 0;
    while (i < tokens.length) {
      const found = this.longestAt(tokens, i, skip);
      if (!found) {
        i++;
        continue;
      }
      const last = i + found.words.length;
      matches.push({
        first: i,
        last,
        start: tokens[i].start,
        end: tokens[last - 1].end,
        kinds: found.kinds,
      });
      i = last;
    }
    return matches;
  }

  private longestAt(
    tokens: Token[],
    at: number,
    skip?: { first: number; last: number },
  ): CompiledPhrase | undefined {
    const candidates = this.byFirstWord.get(tokens[at].norm);
    if (!candidates) return undefined;
    return candidates.find((phrase) => {
      const last = at + phrase.words.length;
      if (last > tokens.length) return false;
      if (skip && at < skip.last && last > skip.first) return false;
      return phrase.words.every((word, k) => tokens[at + k].norm === word);
    });
  }
}
