import type { Quantity, TextSpan } from '../clinical-analysis.js';
import { COMPARATOR_SOURCE, parseComparator } from './comparators.js';
import { NUMBER_SOURCE, NUMBER_WORD_SOURCE, parseNumber } from './numbers.js';
import { UNIT_ALIASES } from './unit-aliases.js';
import { toUcum } from './ucum.js';

export interface QuantityMention {
  span: TextSpan;
  value?: Quantity;
  range?: { low: Quantity; high: Quantity };
}

export interface QuantityScanOptions {
  /** Accept numbers in words ("two tablets"). */
  words?: boolean;
}

// Units that read as ordinary words or letters in prose ("in", "a", "m"); a single letter is
// taken as a unit only when written against the number ("98.6F", "4h", "5g").
const PROSE_AMBIGUOUS = new Set(['in', '"', '”', "'", '’', '#', 'a', 'an', 'dose', 'doses', 'pen']);
const SINGLE_LETTER = /^[a-z]$/;

const UNIT_KEYS = Object.keys(UNIT_ALIASES)
  .filter((key) => !PROSE_AMBIGUOUS.has(key))
  .sort((a, b) => b.length - a.length);
const UNIT_PATTERN = new RegExp(
  `(?:${UNIT_KEYS.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*')).join('|')})(?![A-Za-z0-9])`,
  'iy',
);
// A unit written in UCUM or an unknown compound ("mg/dL", "10*3/uL", "mcg/kg/hr").
const UCUM_LIKE = /[A-Za-zµμ%[][A-Za-z0-9µμ%/[\]*^.]*(?<![.])/y;

function quantityPattern(words: boolean): RegExp {
  const number = words ? `(?:${NUMBER_SOURCE}|\\b${NUMBER_WORD_SOURCE}\\b)` : NUMBER_SOURCE;
  return new RegExp(
    String.raw`(?:(?<between>between)\s+|(?<cmp>${COMPARATOR_SOURCE})\s*)?(?<n1>${number})(?<rest>)`,
    'iy',
  );
}

const PATTERNS = { digits: quantityPattern(false), words: quantityPattern(true) };
const RANGE_SEPARATOR = /\s*(?:-|–|—|to|or)\s*/iy;
const AND_SEPARATOR = /\s+and\s+/iy;

/** The quantity or range written at `at` (leading spaces skipped), if any. */
export function readQuantityAt(
  text: string,
  at: number,
  options: QuantityScanOptions = {},
): QuantityMention | undefined {
  let start = at;
  while (start < text.length && /\s/.test(text[start])) start++;
  if (start > 0 && /[A-Za-z0-9.]/.test(text[start - 1]) && /\d/.test(text[start])) return undefined;
  const pattern = options.words ? PATTERNS.words : PATTERNS.digits;
  pattern.lastIndex = start;
  const match = pattern.exec(text);
  if (!match?.groups) return undefined;
  const first = parseNumber(match.groups.n1);
  if (first === undefined) return undefined;
  let end = start + match[0].length;
  const unit1 = readUnitAt(text, end);
  if (unit1) end = unit1.end;

  const separator = match.groups.between ? AND_SEPARATOR : RANGE_SEPARATOR;
  separator.lastIndex = end;
  const sep = separator.exec(text);
  if (sep && !match.groups.cmp) {
    const second = readNumberAt(text, end + sep[0].length, options.words ?? false);
    if (second && second.value >= first) {
      let rangeEnd = second.end;
      const unit2 = readUnitAt(text, rangeEnd);
      if (unit2) rangeEnd = unit2.end;
      const unit = unit2 ?? unit1;
      return {
        span: spanOf(text, start, rangeEnd),
        range: { low: quantity(first, unit1 ?? unit), high: quantity(second.value, unit) },
      };
    }
  }
  if (match.groups.between) return undefined;
  const value = quantity(first, unit1);
  const comparator = match.groups.cmp ? parseComparator(match.groups.cmp) : undefined;
  if (comparator) value.comparator = comparator;
  return { span: spanOf(text, start, end), value };
}

/** Every quantity or range in text[from, to), left to right. */
export function findQuantities(
  text: string,
  from = 0,
  to = text.length,
  options: QuantityScanOptions = {},
): QuantityMention[] {
  const slice = text.slice(0, to);
  const found: QuantityMention[] = [];
  const candidate = options.words
    ? /(?<![A-Za-z0-9.])(?=[\d.½¼¾⅓⅔⅛<>≤≥]|(?:between|less|more|greater|at|up|under|over|above|below|no|not|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|twenty|thirty)\b)/gi
    : /(?<![A-Za-z0-9.])(?=[\d.½¼¾<>≤≥]|(?:between|less|more|greater|at|up|under|over|above|below|no|not|lower|higher)\b)/gi;
  candidate.lastIndex = from;
  let next: RegExpExecArray | null;
  while ((next = candidate.exec(slice))) {
    const mention = readQuantityAt(slice, next.index, options);
    if (mention) {
      found.push(mention);
      candidate.lastIndex = mention.span.end;
    } else {
      candidate.lastIndex = next.index + 1;
    }
  }
  return found;
}

interface UnitMatch {
  text: string;
  code?: string;
  end: number;
}

/** The unit written at `at` (after optional spaces), with its UCUM code when known. */
export function readUnitAt(text: string, at: number): UnitMatch | undefined {
  const gap = /\s*/y;
  gap.lastIndex = at;
  const spaced = (gap.exec(text)?.[0].length ?? 0) > 0;
  const start = at + (gap.lastIndex - at);
  UNIT_PATTERN.lastIndex = start;
  const known = UNIT_PATTERN.exec(text);
  if (known) {
    const written = known[0];
    // "1 g" is grams even with a space; other letters must touch the number.
    if (!(spaced && SINGLE_LETTER.test(written.toLowerCase()) && written.toLowerCase() !== 'g')) {
      return { text: written, code: toUcum(written), end: start + written.length };
    }
  }
  UCUM_LIKE.lastIndex = start;
  const generic = UCUM_LIKE.exec(text);
  if (generic && generic[0].length > 1) {
    const code = toUcum(generic[0]);
    if (code) return { text: generic[0], code, end: start + generic[0].length };
  }
  return undefined;
}

function readNumberAt(
  text: string,
  at: number,
  words: boolean,
): { value: number; end: number } | undefined {
  const source = words ? `(?:${NUMBER_SOURCE}|${NUMBER_WORD_SOURCE}\\b)` : NUMBER_SOURCE;
  const pattern = new RegExp(source, 'iy');
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  if (!match) return undefined;
  const value = parseNumber(match[0]);
  return value === undefined ? undefined : { value, end: at + match[0].length };
}

function quantity(value: number, unit: UnitMatch | undefined): Quantity {
  const result: Quantity = { value };
  if (unit) {
    result.unitText = unit.text;
    if (unit.code) result.unit = unit.code;
  }
  return result;
}

function spanOf(text: string, start: number, end: number): TextSpan {
  return { start, end, text: text.slice(start, end) };
}
