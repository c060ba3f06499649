import type { TextSpan, VitalSignKind, VitalSignMention } from '../clinical-analysis.js';
import { assertInText } from '../context/assert-in-text.js';
import {
  readBloodPressure,
  readHeight,
  readTemperature,
  readValue,
  type VitalReading,
} from './read-vital-values.js';
import {
  ARTERIAL_SATURATION_CODE,
  DEFAULT_VITAL_UNITS,
  VITAL_SIGN_CODES,
} from './vital-sign-codes.js';

interface Recognizer {
  kind: VitalSignKind;
  /** Names written in any case. */
  words: string[];
  /** Abbreviations only recognised as written ("T", "P", "R"). */
  letters?: string[];
  read(text: string, at: number): VitalReading | undefined;
}

const RECOGNIZERS: Recognizer[] = [
  {
    kind: 'blood-pressure',
    words: ['blood pressures?', 'b/p', 'bp', 'nibp', 'sbp/dbp'],
    read: readBloodPressure,
  },
  {
    kind: 'heart-rate',
    words: ['heart rate', 'pulse rate', 'pulse', 'hr', 'heart rates?', 'apical pulse'],
    letters: ['P'],
    read: (text, at) => readValue(text, at, ['/min'], [20, 300]),
  },
  {
    kind: 'respiratory-rate',
    words: [
      'respiratory rate',
      'respiration rate',
      'resp(?:iratory)? rate',
      'respirations',
      'resp',
      'rr',
    ],
    letters: ['R'],
    read: (text, at) => readValue(text, at, ['/min'], [4, 80]),
  },
  {
    kind: 'body-temperature',
    words: [
      'body temperature',
      'temperature',
      'temp',
      'tmax',
      't max',
      'tcurrent',
      'fever of',
      'fever to',
      'febrile to',
      'afebrile at',
    ],
    letters: ['T'],
    read: readTemperature,
  },
  {
    kind: 'oxygen-saturation',
    words: [
      'spo2',
      'sp02',
      'sao2',
      'o2 sats?',
      'o2 saturation',
      'oxygen saturation',
      'oxygen sat',
      'pulse ox(?:imetry)?',
      'sats?',
      'saturating',
      'saturation',
    ],
    read: (text, at) => readValue(text, at, ['%'], [40, 100]),
  },
  {
    kind: 'body-weight',
    words: ['body weight', 'weight', 'weighs', 'weighing', 'wt'],
    read: (text, at) => readValue(text, at, ['kg', 'g', '[lb_av]', '[oz_av]'], [0.3, 700]),
  },
  {
    kind: 'body-height',
    words: ['body height', 'height', 'ht', 'length'],
    read: readHeight,
  },
  {
    kind: 'bmi',
    words: ['body mass index', 'bmi'],
    read: (text, at) => readValue(text, at, ['kg/m2'], [8, 120]),
  },
];

// What may stand between a vital sign's name and its value: "BP: 120/80", "HR was 88",
// "temperature of 38.2", "weight today 82 kg".
const SEPARATOR =
  /(?:\s*(?:[:=\-–]|\((?:sitting|standing|supine|seated|left arm|right arm|oral|rectal|axillary|tympanic)\)|\b(?:is|was|of|at|measured|currently|today|noted|reading|read|now|recorded|on admission|on arrival)\b)\s*)*\s*/iy;

const SPO2_WORDS = /\b(?:sao2|arterial)\b/i;

/** Vital signs written with their name ("BP 120/80") or unit alone ("120/80 mmHg", "88 bpm"). */
export function findVitalSigns(text: string, sentences: TextSpan[]): VitalSignMention[] {
  const found: VitalSignMention[] = [];
  for (const recognizer of RECOGNIZERS) {
    for (const name of namesIn(text, recognizer)) {
      SEPARATOR.lastIndex = name.end;
      const separator = SEPARATOR.exec(text);
      const at = name.end + (separator ? separator[0].length : 0);
      if (at === name.end && /[A-Za-z0-9]/.test(text[at] ?? '')) continue;
      const reading = recognizer.read(text, at);
      if (!reading) continue;
      found.push(mention(text, sentences, recognizer.kind, name.start, reading, name.text));
    }
  }
  found.push(...unnamedReadings(text, sentences));
  return dropOverlaps(found);
}

const NAME_PATTERNS = new Map<Recognizer, RegExp[]>(
  RECOGNIZERS.map((recognizer) => {
    const words = recognizer.words.map((word) => word.replace(/ /g, '\\s+')).join('|');
    const patterns = [new RegExp(`(?<![A-Za-z0-9/])(?:${words})(?![A-Za-z0-9/])`, 'gi')];
    if (recognizer.letters) {
      const letters = recognizer.letters.join('|');
      patterns.push(new RegExp(`(?<![A-Za-z0-9/.'])(?:${letters})(?![A-Za-z0-9/'])`, 'g'));
    }
    return [recognizer, patterns];
  }),
);

function namesIn(
  text: string,
  recognizer: Recognizer,
): { start: number; end: number; text: string }[] {
  const names: { start: number; end: number; text: string }[] = [];
  for (const pattern of NAME_PATTERNS.get(recognizer) ?? []) {
    for (const match of text.matchAll(pattern)) {
      names.push({ start: match.index, end: match.index + match[0].length, text: match[0] });
    }
  }
  return names;
}

/** Readings recognisable by their unit alone. */
function unnamedReadings(text: string, sentences: TextSpan[]): VitalSignMention[] {
  const found: VitalSignMention[] = [];
  for (const match of text.matchAll(/(?<![\d/.])\d{2,3}\s*\/\s*\d{2,3}\s*mm\s*\[?hg\]?/gi)) {
    const reading = readBloodPressure(text, match.index);
    if (reading) found.push(mention(text, sentences, 'blood-pressure', match.index, reading));
  }
  for (const match of text.matchAll(
    /(?<![\d.])\d{2,3}\s*(?:bpm|beats\s*(?:per|\/|a)\s*min(?:ute)?)(?![A-Za-z])/gi,
  )) {
    const reading = readValue(text, match.index, ['/min'], [20, 300]);
    if (reading) found.push(mention(text, sentences, 'heart-rate', match.index, reading));
  }
  for (const match of text.matchAll(
    /(?<![\d.])\d{1,2}\s*breaths\s*(?:per|\/|a)\s*min(?:ute)?(?![A-Za-z])/gi,
  )) {
    const reading = readValue(text, match.index, ['/min'], [4, 80]);
    if (reading) found.push(mention(text, sentences, 'respiratory-rate', match.index, reading));
  }
  for (const match of text.matchAll(
    /(?<![\d.])\d{2,3}\s*%\s*(?:on\s+(?:room\s+air|RA\b|\d+\s*(?:L|liters?)\b|nasal\s+cannula|NC\b|O2\b|oxygen\b))/gi,
  )) {
    const reading = readValue(text, match.index, ['%'], [40, 100]);
    if (reading) found.push(mention(text, sentences, 'oxygen-saturation', match.index, reading));
  }
  for (const match of text.matchAll(
    /(?<![\d.])\d['’]\s*\d{1,2}(?:\.\d+)?\s*(?:"|”|''|’’)?\s+tall\b|(?<![\d.])\d\s*(?:ft|feet|foot)\s*(?:\d{1,2}\s*(?:in|inch(?:es)?)?)?\s+tall\b|(?<![\d.])\d{3}\s*cm\s+tall\b/gi,
  )) {
    const reading = readHeight(text, match.index);
    if (reading) found.push(mention(text, sentences, 'body-height', match.index, reading));
  }
  return found;
}

function mention(
  text: string,
  sentences: TextSpan[],
  kind: VitalSignKind,
  start: number,
  reading: VitalReading,
  name?: string,
): VitalSignMention {
  const span = { start, end: reading.end, text: text.slice(start, reading.end) };
  const result: VitalSignMention = {
    kind,
    span,
    code: VITAL_SIGN_CODES[kind],
    assertion: assertInText(text, sentences, span),
  };
  if (reading.value) {
    const unit = reading.value.unit ?? DEFAULT_VITAL_UNITS[kind];
    result.value = { ...reading.value, ...(unit ? { unit } : {}) };
  }
  if (reading.components) result.components = reading.components;
  if (kind === 'oxygen-saturation') {
    if (name && SPO2_WORDS.test(name)) result.code = ARTERIAL_SATURATION_CODE;
    result.additionalCodes = [
      result.code.code === ARTERIAL_SATURATION_CODE.code
        ? VITAL_SIGN_CODES['oxygen-saturation']
        : ARTERIAL_SATURATION_CODE,
    ];
  }
  return result;
}

/** Keeps the earliest, then longest, mention where two overlap. */
function dropOverlaps(mentions: VitalSignMention[]): VitalSignMention[] {
  const sorted = [...mentions].sort(
    (a, b) => a.span.start - b.span.start || b.span.end - a.span.end,
  );
  const kept: VitalSignMention[] = [];
  for (const candidate of sorted) {
    const last = kept[kept.length - 1];
    if (last && candidate.span.start < last.span.end) continue;
    kept.push(candidate);
  }
  return kept;
}
