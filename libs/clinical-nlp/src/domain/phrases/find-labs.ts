import type { ClinicalPhrase, Quantity, TextSpan } from '../clinical-analysis.js';
import { assertInText } from '../context/assert-in-text.js';
import { LAB_LEXICON } from '../lexicon/lab-lexicon.js';
import { readQuantityAt } from '../quantity/find-quantities.js';
import { SpanSet, spanAt } from './span-set.js';
import { matchAll, termPattern } from './term-pattern.js';

type Interpretation = NonNullable<ClinicalPhrase['interpretation']>;

const LAB_NAMES = termPattern(LAB_LEXICON.flatMap((entry) => entry.names));
const OBSERVATION_NAMES = termPattern([
  'pain score',
  'pain severity',
  'pain level',
  'pain scale',
  'head circumference',
]);
const SEPARATOR =
  /(?:\s*(?:[:=]|\b(?:of|is|was|were|level|levels|count|value|result|results|came back|returned|today|now|at|measured|checked)\b)\s*)*\s*/iy;
const AFTER = /^\s*(?:\(?\s*(H|L|HH|LL|high|low|elevated|normal|abnormal|critical)\s*\)?)?/i;
const INTERPRETATION_WORDS: [RegExp, Interpretation][] = [
  [/^(?:h|hh|high|elevated|raised|increased|critical high|critically high)$/i, 'high'],
  [/^(?:l|ll|low|decreased|reduced|depressed|critical low|critically low)$/i, 'low'],
  [/^(?:normal|wnl|within normal limits|unremarkable|nl)$/i, 'normal'],
  [/^(?:abnormal|critical|abnl)$/i, 'abnormal'],
];
// Short test names that are ordered or mentioned without a value ("order a CBC").
const STANDALONE = new Set([
  'cbc',
  'bmp',
  'cmp',
  'lft',
  'lfts',
  'tsh',
  'inr',
  'psa',
  'bnp',
  'esr',
  'crp',
  'a1c',
  'ptt',
  'ldl',
  'hdl',
]);
const BEFORE = /\b(high|elevated|raised|increased|low|decreased|reduced|normal|abnormal)\s+$/i;

/** Laboratory tests named in the text, with their value, unit and interpretation if given. */
export function findLabs(text: string, sentences: TextSpan[], taken: SpanSet): ClinicalPhrase[] {
  const phrases: ClinicalPhrase[] = [];
  const scan = (patterns: RegExp[], category: 'lab' | 'observation') => {
    for (const name of matchAll(patterns, text)) {
      const nameSpan = spanAt(text, name.index, name.index + name.text.length);
      if (taken.overlaps(nameSpan)) continue;
      const reading = readResult(text, nameSpan.end, category);
      const short = name.text.replace(/[^a-z0-9]/gi, '').length <= 3;
      if (short && !reading && !STANDALONE.has(name.text.toLowerCase())) continue;
      const phrase: ClinicalPhrase = {
        category,
        span: nameSpan,
        assertion: assertInText(text, sentences, nameSpan),
      };
      let end = nameSpan.end;
      if (reading) {
        phrase.value = reading.value;
        end = reading.end;
        if (reading.interpretation) phrase.interpretation = reading.interpretation;
      }
      const before = BEFORE.exec(text.slice(Math.max(0, nameSpan.start - 15), nameSpan.start));
      if (!phrase.interpretation && before) phrase.interpretation = interpretationOf(before[1]);
      taken.add({ start: nameSpan.start, end });
      phrases.push(phrase);
    }
  };
  scan(OBSERVATION_NAMES, 'observation');
  scan(LAB_NAMES, 'lab');
  return phrases.sort((a, b) => a.span.start - b.span.start);
}

function readResult(
  text: string,
  at: number,
  category: 'lab' | 'observation',
): { value: Quantity; end: number; interpretation?: Interpretation } | undefined {
  SEPARATOR.lastIndex = at;
  const separator = SEPARATOR.exec(text);
  const start = at + (separator?.[0].length ?? 0);
  if (category === 'observation') {
    const score = /(\d{1,2})\s*(?:\/\s*10|out of 10)\b/y;
    score.lastIndex = start;
    const match = score.exec(text);
    if (match)
      return { value: { value: Number(match[1]), unit: '{score}' }, end: start + match[0].length };
  }
  const mention = readQuantityAt(text, start);
  if (!mention?.value) return undefined;
  let end = mention.span.end;
  const flag = AFTER.exec(text.slice(end));
  let interpretation: Interpretation | undefined;
  if (flag?.[1]) {
    interpretation = interpretationOf(flag[1]);
    end += flag[0].length;
  }
  return { value: mention.value, end, ...(interpretation ? { interpretation } : {}) };
}

function interpretationOf(word: string): Interpretation | undefined {
  return INTERPRETATION_WORDS.find(([pattern]) => pattern.test(word.trim()))?.[1];
}
