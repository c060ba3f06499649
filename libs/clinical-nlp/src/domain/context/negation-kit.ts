import { assertContext } from './assert-context.js';

/** One line of the NegEx test kit: a phrase, the sentence holding it, and the gold status. */
export interface NegationKitItem {
  id: string;
  phrase: string;
  sentence: string;
  negated: boolean;
}

export interface NegationKitScore {
  total: number;
  /** Items whose phrase could not be found in the sentence (scored as affirmed). */
  unlocated: number;
  truePositive: number;
  trueNegative: number;
  falsePositive: number;
  falseNegative: number;
  accuracy: number;
  precision: number;
  recall: number;
  f1: number;
  errors: (NegationKitItem & { predicted: boolean })[];
}

/**
 * Reads the tab-separated kit (number, phrase, sentence, Negated|Affirmed, …). Lines without
 * a gold status (the header) are skipped; sentences may be wrapped in double quotes.
 */
export function parseNegationKit(content: string): NegationKitItem[] {
  const items: NegationKitItem[] = [];
  for (const line of content.split(/\r?\n/)) {
    const [id, phrase, rawSentence, status] = line.split('\t');
    const gold = status?.trim().toLowerCase();
    if (!phrase || !rawSentence || (gold !== 'negated' && gold !== 'affirmed')) continue;
    const sentence = rawSentence.replace(/^"(.*)"$/s, '$1');
    const unquoted = phrase.trim().replace(/^"(.*)"$/s, '$1');
    items.push({ id, phrase: unquoted, sentence, negated: gold === 'negated' });
  }
  return items;
}

export function scoreNegationKit(items: NegationKitItem[]): NegationKitScore {
  const score: NegationKitScore = {
    total: items.length,
    unlocated: 0,
    truePositive: 0,
    trueNegative: 0,
    falsePositive: 0,
    falseNegative: 0,
    accuracy: 0,
    precision: 0,
    recall: 0,
    f1: 0,
    errors: [],
  };
  for (const item of items) {
    const target = locate(item.sentence, item.phrase);
    if (!target) score.unlocated++;
    const predicted = target ? assertContext(item.sentence, target).negated : false;
    if (predicted && item.negated) score.truePositive++;
    else if (!predicted && !item.negated) score.trueNegative++;
    else if (predicted) score.falsePositive++;
    else score.falseNegative++;
    if (predicted !== item.negated) score.errors.push({ ...item, predicted });
  }
  const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
  score.accuracy = ratio(score.truePositive + score.trueNegative, score.total);
  score.precision = ratio(score.truePositive, score.truePositive + score.falsePositive);
  score.recall = ratio(score.truePositive, score.truePositive + score.falseNegative);
  score.f1 = ratio(2 * score.precision * score.recall, score.precision + score.recall);
  return score;
}

/**
 * The phrase's place in the sentence, ignoring runs of white space. The kit writes the phrase
 * in capitals inside the sentence, so that occurrence is preferred to one in other case.
 */
function locate(sentence: string, phrase: string): { start: number; end: number } | undefined {
  return find(sentence, phrase.toUpperCase(), '') ?? find(sentence, phrase, 'i');
}

function find(sentence: string, phrase: string, flags: string) {
  const escaped = phrase
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  const match = new RegExp(escaped, flags).exec(sentence);
  return match ? { start: match.index, end: match.index + match[0].length } : undefined;
}
