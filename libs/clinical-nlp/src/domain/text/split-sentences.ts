import type { TextSpan } from '../clinical-analysis.js';
import { NON_TERMINAL_ABBREVIATIONS } from './abbreviations.js';

/**
 * Splits clinical text into sentences. A period, "!" or "?" ends a sentence when followed by
 * white space and a capital, digit or opening character, unless it closes a known
 * abbreviation ("Dr.", "mg.", "b.i.d.") or a single initial ("J. Smith"). A blank line
 * always ends a sentence; a single line break does unless the next line continues in lower
 * case (a wrapped line).
 */
export function splitSentences(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let start = 0;
  const push = (end: number) => {
    const span = trimSpan(text, start, end);
    if (span) spans.push(span);
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') {
      if (endsAtLineBreak(text, i)) push(i + 1);
      continue;
    }
    if (ch !== '.' && ch !== '!' && ch !== '?') continue;
    let end = i + 1;
    while (end < text.length && /[.!?"')\]]/.test(text[end])) end++;
    if (end < text.length && !/\s/.test(text[end])) continue;
    if (ch === '.' && !periodEndsSentence(text, i, end)) continue;
    push(end);
    i = end - 1;
  }
  push(text.length);
  return spans;
}

function endsAtLineBreak(text: string, at: number): boolean {
  const next = /\n[ \t]*(\S)?/y;
  next.lastIndex = at;
  const match = next.exec(text);
  const following = match?.[1];
  if (following === undefined) return true;
  if (text.slice(at + 1).match(/^[ \t]*\n/)) return true;
  return !/[a-z]/.test(following);
}

function periodEndsSentence(text: string, at: number, end: number): boolean {
  const after = /\s*(\S)?/y;
  after.lastIndex = end;
  const following = after.exec(text)?.[1];
  if (following === undefined) return true;
  if (/[a-z,;:]/.test(following)) return false;
  const word = /([A-Za-z][A-Za-z./-]*)$/.exec(text.slice(Math.max(0, at - 20), at))?.[1];
  if (!word) return true;
  const lower = word.toLowerCase().replace(/\.$/, '');
  if (
    NON_TERMINAL_ABBREVIATIONS.has(lower) ||
    NON_TERMINAL_ABBREVIATIONS.has(lower.replace(/\./g, ''))
  ) {
    // "He takes 5 mg. Then ..." still ends: a unit abbreviation only holds the sentence
    // open when a digit or lower-case word follows, handled above.
    return isUnitLike(lower) && /[A-Z]/.test(following) && !isTitle(lower);
  }
  // A single capital letter is an initial ("J. Smith"), unless the text is shouting.
  // "38.5 C." is a unit after a number, not an initial.
  if (/^[A-Z]$/.test(word)) return /\d\s*$/.test(text.slice(Math.max(0, at - 12), at - 1));
  return true;
}

const TITLES = new Set(['dr', 'mr', 'mrs', 'ms', 'mx', 'prof', 'sr', 'jr', 'st', 'rev', 'hon']);

// Abbreviations that often end a sentence ("Take 5 mg. Repeat ...", "... at 8 a.m. She ...").
const SENTENCE_FINAL_ABBREVIATIONS = new Set([
  'mg',
  'mcg',
  'gm',
  'kg',
  'ml',
  'cc',
  'oz',
  'lb',
  'lbs',
  'tab',
  'tabs',
  'cap',
  'caps',
  'hr',
  'hrs',
  'min',
  'mins',
  'wk',
  'wks',
  'yr',
  'yrs',
  'etc',
  'bid',
  'tid',
  'qid',
  'qd',
  'qod',
  'qhs',
  'hs',
  'prn',
  'am',
  'pm',
  'po',
]);

function isTitle(word: string): boolean {
  return TITLES.has(word);
}

function isUnitLike(word: string): boolean {
  return SENTENCE_FINAL_ABBREVIATIONS.has(word.replace(/\./g, ''));
}

function trimSpan(text: string, start: number, end: number): TextSpan | undefined {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s])) s++;
  while (e > s && /\s/.test(text[e - 1])) e--;
  if (s >= e) return undefined;
  return { start: s, end: e, text: text.slice(s, e) };
}
