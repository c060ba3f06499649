import type { CodingRef } from '../clinical-analysis.js';
import { sigPattern } from './sig-pattern.js';

export const SNOMED = 'http://snomed.info/sct';

const route = (code: string, display: string): CodingRef => ({ system: SNOMED, code, display });

/** SNOMED CT route codes (FHIR route-codes value set). */
export const ROUTES = {
  oral: route('26643006', 'Oral route'),
  sublingual: route('37839007', 'Sublingual route'),
  buccal: route('54471007', 'Buccal route'),
  intravenous: route('47625008', 'Intravenous route'),
  intramuscular: route('78421000', 'Intramuscular route'),
  subcutaneous: route('34206005', 'Subcutaneous route'),
  intradermal: route('372464004', 'Intradermal route'),
  topical: route('6064005', 'Topical route'),
  transdermal: route('45890007', 'Transdermal route'),
  respiratory: route('447694001', 'Respiratory tract route'),
  nasal: route('46713006', 'Nasal route'),
  ophthalmic: route('54485002', 'Ophthalmic route'),
  otic: route('10547007', 'Otic route'),
  rectal: route('37161004', 'Rectal route'),
  vaginal: route('16857009', 'Vaginal route'),
  nasogastric: route('127492001', 'Nasogastric route'),
  intrathecal: route('72607000', 'Intrathecal route'),
  epidural: route('404820008', 'Epidural route'),
  intraArticular: route('12130007', 'Intra-articular route'),
  intraArterial: route('58100008', 'Intra-arterial route'),
} as const;

export type RouteName = keyof typeof ROUTES;

/** How each route is written in sigs, most specific first. */
const ROUTE_WORDS: [RouteName, string[]][] = [
  [
    'nasogastric',
    ['via ng tube', 'per ng tube', 'via ngt', 'per ngt', 'ng tube', 'nasogastric', 'per ng'],
  ],
  ['sublingual', ['sublingually', 'sublingual', 'under the tongue', 'sl']],
  ['buccal', ['buccally', 'bucally', 'buccal', 'between cheek and gum', 'inside the cheek']],
  [
    'intravenous',
    ['intravenously', 'intravenous', 'iv push', 'ivpb', 'iv piggyback', 'ivp', 'iv', 'i.v.'],
  ],
  [
    'intramuscular',
    ['intramuscularly', 'intramuscular', 'into the muscle', 'in the muscle', 'im', 'i.m.'],
  ],
  [
    'subcutaneous',
    [
      'subcutaneously',
      'subcutaneous',
      'subcut',
      'sub-q',
      'subq',
      'sub q',
      'sq',
      'sc',
      'under the skin',
      's.c.',
      's.q.',
    ],
  ],
  ['intradermal', ['intradermally', 'intradermal', 'id']],
  ['transdermal', ['transdermally', 'transdermal', 're:patch(?:es)?']],
  [
    'ophthalmic',
    [
      'ophthalmic',
      're:in(?:to)?\\s+(?:each|both|the\\s+(?:left|right|affected)|left|right|affected)\\s+eyes?',
      'in eye',
      'in eyes',
      'ou',
      'od',
      'os',
    ],
  ],
  [
    'otic',
    [
      'otic',
      're:in(?:to)?\\s+(?:each|both|the\\s+(?:left|right|affected)|left|right|affected)\\s+ears?',
      'in ear',
      'in ears',
      'au',
      'ad',
      'as',
    ],
  ],
  [
    'nasal',
    [
      'intranasally',
      'intranasal',
      'nasally',
      'nasal',
      're:in(?:to)?\\s+(?:each|both|one|the)\\s+nostrils?',
      'in nostril',
      'per nostril',
      'each nostril',
    ],
  ],
  [
    'respiratory',
    [
      'inhaled',
      'inhale',
      'inhalation',
      'nebulization',
      'by nebulization',
      'inhaler',
      'by inhalation',
      'via inhaler',
      'via nebulizer',
      'nebulized',
      'nebulizer',
      'neb',
      'nebs',
      'inh',
    ],
  ],
  ['rectal', ['rectally', 'rectal', 'per rectum', 'pr', 'in the rectum', 'into the rectum']],
  ['vaginal', ['vaginally', 'vaginal', 'per vagina', 'pv', 'into the vagina', 'in the vagina']],
  ['intrathecal', ['intrathecally', 'intrathecal', 'it']],
  ['epidural', ['epidurally', 'epidural']],
  ['intraArticular', ['intra-articular', 'intraarticular', 'into the joint']],
  ['intraArterial', ['intra-arterial', 'intraarterial']],
  [
    'topical',
    [
      'topically',
      'topical',
      'to affected area',
      'to affected areas',
      'to the affected area',
      'to the affected areas',
      'to the skin',
      'externally',
      'on the skin',
      'to affected skin',
      'to affected nails',
      'to scalp',
      'to skin',
    ],
  ],
  [
    'oral',
    [
      'by mouth',
      'orally',
      'oral',
      'per os',
      'po',
      'p.o.',
      'p.o',
      'via mouth',
      'swallow',
      'chew',
      'chewed',
      'by mouth.',
    ],
  ],
];

// Two-letter Latin abbreviations that are also English words ("as", "it", "id", "ad") are
// taken only in upper case, as prescribers write them.
const CASE_SENSITIVE = new Set([
  'as',
  'it',
  'id',
  'ad',
  'od',
  'os',
  'au',
  'ou',
  'pr',
  'pv',
  'im',
  'sl',
  'sc',
  'iv',
]);

export interface RouteMatch {
  name: RouteName;
  coding: CodingRef;
  index: number;
  text: string;
}

const COMPILED = ROUTE_WORDS.map(([name, words]) => ({
  name,
  insensitive: sigPattern(words.filter((w) => !CASE_SENSITIVE.has(w))),
  sensitive: words.some((w) => CASE_SENSITIVE.has(w))
    ? new RegExp(
        `(?<![A-Za-z0-9])(?:${words
          .filter((w) => CASE_SENSITIVE.has(w))
          .map((w) => `${w.toUpperCase()}|${w.toUpperCase().split('').join('\\.')}\\.?`)
          .join('|')})(?![A-Za-z0-9])`,
        'g',
      )
    : undefined,
}));

// Lower-case forms of the unambiguous route abbreviations, accepted in all-lower-case sigs.
const LOWER_OK = new Set(['im', 'sl', 'sc', 'iv', 'pr', 'pv', 'od', 'os', 'ou']);

/** The first route written in `text`, in the order routes appear in the text. */
export function findRoute(text: string): RouteMatch | undefined {
  let best: RouteMatch | undefined;
  const allLower = text === text.toLowerCase();
  for (const { name, insensitive, sensitive } of COMPILED) {
    const patterns = [insensitive];
    if (sensitive) patterns.push(sensitive);
    if (allLower && sensitive) {
      const lower = ROUTE_WORDS.find(([n]) => n === name)![1].filter((w) => LOWER_OK.has(w));
      if (lower.length > 0) patterns.push(sigPattern(lower, 'g'));
    }
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      const match = pattern.exec(text);
      if (match && (!best || match.index < best.index)) {
        best = { name, coding: ROUTES[name], index: match.index, text: match[0] };
      }
    }
  }
  return best;
}
