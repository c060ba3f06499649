import type { TextSpan } from '../clinical-analysis.js';

export interface NameMention {
  given: string[];
  family?: string;
  span: TextSpan;
}

// Capitalised words that start sentences or headings in notes and are never names.
const NOT_NAMES = new Set([
  'the',
  'a',
  'an',
  'he',
  'she',
  'his',
  'her',
  'they',
  'patient',
  'pt',
  'denies',
  'reports',
  'history',
  'presents',
  'presented',
  'is',
  'was',
  'has',
  'had',
  'with',
  'and',
  'of',
  'no',
  'not',
  'male',
  'female',
  'man',
  'woman',
  'mr',
  'mrs',
  'ms',
  'dr',
  'today',
  'yesterday',
  'name',
  'dob',
  'mrn',
  'age',
  'sex',
  'gender',
  'date',
  'birth',
  'born',
  'phone',
  'email',
  'address',
  'allergies',
  'medications',
  'vitals',
  'assessment',
  'plan',
  'diagnosis',
  'impression',
  'chief',
  'complaint',
  'hpi',
  'exam',
  'she',
  'who',
  'year',
  'old',
  'yo',
  'type',
  'diabetes',
  'hypertension',
  'takes',
  'started',
  'seen',
  'admitted',
  'on',
  'in',
  'at',
  'for',
  'to',
  'from',
  'by',
  'as',
  'complains',
  'states',
  'here',
  'new',
  'follow',
  'up',
]);

// "Smith", "O'Brien", "McDonald", "Smith-Jones"
const WORD = "[A-Z](?:'[A-Z])?[a-z]+(?:[A-Z][a-z]+)?(?:-[A-Z][a-z]+)?";
const INITIAL = '[A-Z]\\.?';
const FULL_NAME = `(${WORD}(?:\\s+${INITIAL})?(?:\\s+${WORD}){1,2})`;

const PATTERNS: { pattern: RegExp; read: (m: RegExpExecArray) => NameParts | undefined }[] = [
  {
    // "Name: Smith, John" / "Patient: Smith, John A."
    pattern: new RegExp(
      `\\b(?:[Pp]atient\\s+[Nn]ame|[Nn]ame|[Pp]atient|NAME|PATIENT)\\s*:\\s*(${WORD}),\\s*(${WORD})(?:\\s+${INITIAL})?`,
      'g',
    ),
    read: (m) => ({
      given: [m[2]],
      family: m[1],
      start: m.index + m[0].indexOf(m[1]),
      end: m.index + m[0].length,
    }),
  },
  {
    // "Patient: John Smith", "patient Jane Doe", "patient named John Smith", "Name: John Smith"
    pattern: new RegExp(
      `\\b(?:[Pp]atient\\s+name|[Nn]ame|[Pp]atient|[Pp]t)\\s*(?::|is|,|named|called)?\\s*${FULL_NAME}`,
      'g',
    ),
    read: (m) => splitFull(m[1], m.index + m[0].lastIndexOf(m[1])),
  },
  {
    // "Mr. John Smith", "Mrs. Smith"
    pattern: new RegExp(`\\b(?:Mr|Mrs|Ms|Miss|Mx)\\.?\\s+(${WORD}(?:\\s+${WORD}){0,2})`, 'g'),
    read: (m) => {
      const start = m.index + m[0].lastIndexOf(m[1]);
      const words = m[1].split(/\s+/);
      if (words.length === 1)
        return { given: [], family: words[0], start, end: start + m[1].length };
      return splitFull(m[1], start);
    },
  },
  {
    // "John Smith is a 45-year-old man", "Jane Doe, a 62 yo female"
    pattern: new RegExp(
      `${FULL_NAME}\\s*,?\\s*(?:is\\s+)?an?\\s+\\d{1,3}[- ]?(?:year|yr|yo|y/o|y\\.o\\.)`,
      'g',
    ),
    read: (m) => splitFull(m[1], m.index),
  },
];

interface NameParts {
  given: string[];
  family?: string;
  start: number;
  end: number;
}

function splitFull(full: string, start: number): NameParts | undefined {
  const words = full.split(/\s+/);
  if (words.length < 2) return undefined;
  return {
    given: words.slice(0, -1).map((w) => w.replace(/\.$/, '')),
    family: words[words.length - 1],
    start,
    end: start + full.length,
  };
}

/** The first person's name: "John Smith", "Mr. Smith", "patient Jane Doe", "Name: Doe, Jane". */
export function findName(text: string): NameMention | undefined {
  const found: NameParts[] = [];
  for (const { pattern, read } of PATTERNS) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const parts = read(match);
      if (!parts) continue;
      const words = [...parts.given, parts.family ?? ''].filter(Boolean);
      if (words.some((word) => NOT_NAMES.has(word.toLowerCase().replace(/\.$/, '')))) continue;
      found.push(parts);
    }
  }
  if (found.length === 0) return undefined;
  // The fullest name wins (a given name beats a title with a family name alone), then the earliest.
  found.sort((a, b) => b.given.length - a.given.length || a.start - b.start);
  const best = found[0];
  const mention: NameMention = {
    given: best.given,
    span: { start: best.start, end: best.end, text: text.slice(best.start, best.end) },
  };
  if (best.family) mention.family = best.family;
  return mention;
}
