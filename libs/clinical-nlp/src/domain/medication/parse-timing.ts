import type { DoseTiming, TextSpan } from '../clinical-analysis.js';
import { parseNumber } from '../quantity/numbers.js';
import { SIG_TIME_UNIT_WORDS } from '../quantity/time-units.js';
import { firstMatch, sigPattern } from './sig-pattern.js';
import { timingCode } from './timing-codes.js';

const N =
  '(\\d+(?:\\.\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty-four)';
const HOURS = '(?:h|hr|hrs|hour|hours|°)';

interface FrequencyRule {
  pattern: RegExp;
  apply(match: RegExpExecArray): Partial<DoseTiming> & { codeName?: string };
}

const perDayCode = (n: number) => ({ 1: 'QD', 2: 'BID', 3: 'TID', 4: 'QID' })[n];
const times = (word: string) =>
  (({ once: 1, twice: 2, thrice: 3 }) as Record<string, number>)[word.toLowerCase()] ??
  parseNumber(word) ??
  1;

// Most specific first; the first rule that matches sets the frequency and period.
const FREQUENCY_RULES: FrequencyRule[] = [
  {
    pattern: sigPattern([`re:(?:q|every)\\s*${N}\\s*(?:-|to|or)\\s*${N}\\s*${HOURS}`]),
    apply: (m) => ({
      frequency: 1,
      period: parseNumber(m[1]),
      periodMax: parseNumber(m[2]),
      periodUnit: 'h',
    }),
  },
  {
    pattern: sigPattern([`re:(?:q|every)\\s*${N}\\s*${HOURS}`, `re:q${N}h`]),
    apply: (m) => {
      const hours = parseNumber(m[1] ?? m[2]);
      return { frequency: 1, period: hours, periodUnit: 'h', codeName: `Q${hours}H` };
    },
  },
  {
    pattern: sigPattern(['hourly', 'every hour', 'each hour', 'qh']),
    apply: () => ({ frequency: 1, period: 1, periodUnit: 'h', codeName: 'Q1H' }),
  },
  {
    pattern: sigPattern([
      'qod',
      'every other day',
      'every second day',
      'on alternate days',
      'alternate days',
      'every 2 days',
      'q48h',
      'q 48 h',
    ]),
    apply: () => ({ frequency: 1, period: 2, periodUnit: 'd', codeName: 'QOD' }),
  },
  {
    pattern: sigPattern([
      `re:(?:every|q)\\s*${N}\\s*(min|mins|minutes?|d|days?|wks?|weeks?|mos?|months?)`,
    ]),
    apply: (m) => ({
      frequency: 1,
      period: parseNumber(m[1]),
      periodUnit: SIG_TIME_UNIT_WORDS[m[2].toLowerCase()],
    }),
  },
  {
    pattern: sigPattern([
      `re:${N}\\s*(?:-|to|or)\\s*${N}\\s*(?:times?|x)\\s*(?:a|per|each|every|\\/|in\\s+a)?\\s*(day|daily|d|week|weekly|wk|month|monthly)`,
    ]),
    apply: (m) => ({
      frequency: parseNumber(m[1]),
      frequencyMax: parseNumber(m[2]),
      period: 1,
      periodUnit: SIG_TIME_UNIT_WORDS[m[3].toLowerCase()],
    }),
  },
  {
    pattern: sigPattern([
      `re:(?:(${N.slice(1, -1)})\\s*(?:times?|x)|(once|twice|thrice)(?:\\s*times?)?)\\s*(?:a|per|each|every|\\/|in\\s+a)?\\s*(day|daily|week|weekly|wk|month|monthly)`,
    ]),
    apply: (m) => {
      const n = times(m[1] ?? m[2]);
      const unit = SIG_TIME_UNIT_WORDS[m[3].toLowerCase()];
      const codeName =
        unit === 'd'
          ? perDayCode(n)
          : n === 1
            ? ({ wk: 'WK', mo: 'MO' } as Record<string, string>)[unit]
            : undefined;
      return { frequency: n, period: 1, periodUnit: unit, codeName };
    },
  },
  {
    pattern: sigPattern(['qid', 'qds', 'q.i.d.', '4x daily', '4 x daily', 'four times daily']),
    apply: () => ({ frequency: 4, period: 1, periodUnit: 'd', codeName: 'QID' }),
  },
  {
    pattern: sigPattern(['tid', 'tds', 't.i.d.', '3x daily', '3 x daily', 'three times daily']),
    apply: () => ({ frequency: 3, period: 1, periodUnit: 'd', codeName: 'TID' }),
  },
  {
    pattern: sigPattern([
      'bid',
      'bd',
      'b.i.d.',
      '2x daily',
      '2 x daily',
      'two times daily',
      'twice',
    ]),
    apply: () => ({ frequency: 2, period: 1, periodUnit: 'd', codeName: 'BID' }),
  },
  {
    pattern: sigPattern([
      'weekly',
      'every week',
      'each week',
      'qwk',
      'q wk',
      'q week',
      'qweek',
      'once weekly',
      'q7d',
      'q 7 days',
    ]),
    apply: () => ({ frequency: 1, period: 1, periodUnit: 'wk', codeName: 'WK' }),
  },
  {
    pattern: sigPattern(['monthly', 'every month', 'each month', 'q month', 'qmonth', 'qmo']),
    apply: () => ({ frequency: 1, period: 1, periodUnit: 'mo', codeName: 'MO' }),
  },
  {
    pattern: sigPattern(['yearly', 'annually', 'every year', 'once a year']),
    apply: () => ({ frequency: 1, period: 1, periodUnit: 'a' }),
  },
  {
    pattern: sigPattern([
      'qd',
      'q.d.',
      'q d',
      'daily',
      'every day',
      'each day',
      'per day',
      'a day',
      'q day',
      'qday',
      'od',
      'q24h',
      'q 24 h',
      'every 24 hours',
      'nightly',
      'every night',
      'each night',
      'qn',
    ]),
    apply: (m) =>
      /night|qn/i.test(m[0])
        ? { frequency: 1, period: 1, periodUnit: 'd', when: ['NIGHT'] }
        : { frequency: 1, period: 1, periodUnit: 'd', codeName: 'QD' },
  },
];

// Times of day and meal relations (FHIR EventTiming), accumulated.
const WHEN_RULES: [string, string[]][] = [
  [
    'HS',
    [
      'qhs',
      'q.h.s.',
      'q hs',
      'hs',
      'h.s.',
      'at bedtime',
      'at bed time',
      'before bedtime',
      'before bed',
      'bedtime',
      'at hs',
      'before sleep',
      'at sleep',
    ],
  ],
  [
    'MORN',
    [
      'qam',
      'q.a.m.',
      'q am',
      'every morning',
      'each morning',
      'in the morning',
      'in the am',
      'in am',
      'mornings',
      'morning',
      'am',
    ],
  ],
  [
    'EVE',
    [
      'qpm',
      'q.p.m.',
      'q pm',
      'every evening',
      'each evening',
      'in the evening',
      'in the pm',
      'evenings',
      'evening',
    ],
  ],
  ['NIGHT', ['at night', 'in the night']],
  ['WAKE', ['upon waking', 'on waking', 'upon awakening', 'on awakening', 'on rising']],
  ['ACM', ['before breakfast']],
  ['CM', ['with breakfast']],
  ['PCM', ['after breakfast']],
  ['ACD', ['before lunch']],
  ['CD', ['with lunch']],
  ['PCD', ['after lunch']],
  ['ACV', ['before dinner', 'before supper']],
  ['CV', ['with dinner', 'with supper']],
  ['PCV', ['after dinner', 'after supper']],
  ['AC', ['before meals', 'before each meal', 'before every meal', 'ac', 'a.c.']],
  ['PC', ['after meals', 'after each meal', 'after every meal', 'pc', 'p.c.']],
  ['C', ['with meals', 'with each meal', 'with every meal', 'with food', 'with a meal']],
];
const COMPILED_WHEN = WHEN_RULES.map(([when, words]) => ({ when, pattern: sigPattern(words) }));
// Meal relations say when, not how often.
const MEAL_ONLY = new Set(['AC', 'PC', 'C']);

const COUNT_RULES: { pattern: RegExp; count: (m: RegExpExecArray) => number | undefined }[] = [
  {
    pattern: sigPattern([
      `re:(?:x|for|times)\\s*${N}\\s*doses?`,
      `re:${N}\\s*doses?\\s*(?:only|total)`,
    ]),
    count: (m) => parseNumber(m[1] ?? m[2]),
  },
  {
    pattern: sigPattern([
      'once only',
      'one time only',
      'one time',
      'single dose',
      'as a single dose',
      'stat',
      'x1',
      'x 1',
      're:once(?!\\s+(?:a|an|per|each|every|daily|weekly|monthly|day|week|month|in|at|on|with|before|after))',
    ]),
    count: () => 1,
  },
];

export interface ParsedTiming {
  timing?: DoseTiming;
  spans: TextSpan[];
}

/** Frequency, period, times of day and total count written in a sig. */
export function parseTiming(text: string, offset = 0): ParsedTiming {
  const spans: TextSpan[] = [];
  const timing: DoseTiming = {};
  let codeName: string | undefined;
  let codeText = '';
  const count = COUNT_RULES.map((rule) => ({
    rule,
    match: firstMatch(rule.pattern, text, offset),
  })).find((r) => r.match);
  const countSpan = count?.match?.span;
  for (const rule of FREQUENCY_RULES) {
    const match = firstMatch(rule.pattern, text, offset);
    if (!match) continue;
    if (countSpan && overlaps(match.span, countSpan)) continue;
    const applied = rule.apply(match);
    if (applied.frequency === undefined || applied.period === undefined) continue;
    const { codeName: name, ...repeat } = applied;
    Object.assign(timing, repeat);
    codeName = name;
    codeText = match[0];
    spans.push(match.span);
    break;
  }
  const events: { event: string; at: number; text: string }[] = (timing.when ?? []).map(
    (event) => ({
      event,
      at: -1,
      text: codeText,
    }),
  );
  for (const { when: event, pattern } of COMPILED_WHEN) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const span = {
        start: offset + match.index,
        end: offset + match.index + match[0].length,
        text: match[0],
      };
      if (spans.some((s) => overlaps(s, span))) continue;
      // A bare "am" is a time of day only at the end or before "and" ("1 tab am and pm").
      if (/^am$/i.test(match[0]) && !/^\s*(?:$|and\b|&|,)/i.test(text.slice(match.index + 2)))
        continue;
      if (!events.some((e) => e.event === event))
        events.push({ event, at: match.index, text: match[0] });
      spans.push(span);
    }
  }
  events.sort((a, b) => a.at - b.at);
  const when = events.map((e) => e.event);
  if (when.length > 0) timing.when = when;
  const timesOfDay = when.filter((event) => !MEAL_ONLY.has(event));
  if (timing.frequency === undefined && timesOfDay.length > 0) {
    timing.frequency = timesOfDay.length;
    timing.period = 1;
    timing.periodUnit = 'd';
  }
  if (
    timing.frequency === 1 &&
    timing.period === 1 &&
    timing.periodUnit === 'd' &&
    timesOfDay.length === 1
  ) {
    const byTimeOfDay = ({ HS: 'BED', MORN: 'AM', EVE: 'PM' } as Record<string, string>)[
      timesOfDay[0]
    ];
    if (byTimeOfDay) {
      codeName = byTimeOfDay;
      codeText = events.find((e) => e.event === timesOfDay[0])?.text ?? codeText;
    }
  }
  if (count?.match && count.rule.count(count.match) !== undefined) {
    timing.count = count.rule.count(count.match);
    spans.push(count.match.span);
  }
  if (codeName) {
    const code = timingCode(codeName, codeText);
    if (code) timing.code = code;
  }
  spans.sort((a, b) => a.start - b.start);
  return Object.keys(timing).length > 0 ? { timing, spans } : { spans };
}

function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}
