import { escapeRegExp } from './resource-vocabulary.js';

/**
 * What a field of the sample data is about, read from its name (`patient_last_name`,
 * `dateOfBirth`, `mrn`), and where an instruction mentions it.
 */
export type Concept =
  | 'mrn'
  | 'first_name'
  | 'last_name'
  | 'full_name'
  | 'birth_date'
  | 'gender'
  | 'phone'
  | 'email'
  | 'postal_code'
  | 'city'
  | 'address'
  | 'code';

interface ConceptRule {
  concept: Concept;
  /** Matched against the field's words joined by spaces. */
  field: RegExp;
  /** Matched against the instruction text (lower case). */
  mention: RegExp;
}

const CONCEPTS: ConceptRule[] = [
  {
    concept: 'mrn',
    field: /\b(mrn|medical record( number)?|record number|patient (id|identifier)|identifier)\b/,
    mention: /\b(mrn|medical record number|record number|identifier)\b/,
  },
  {
    concept: 'first_name',
    field: /\b(first|given|fore) ?names?\b|\bfirst\b$/,
    mention: /\b(first|given) names?\b|(?<!(last|family|full|first|given) )\bnames?\b/,
  },
  {
    concept: 'last_name',
    field: /\b(last|family|sur) ?names?\b|\bsurname\b/,
    mention:
      /\b(last|family) names?\b|\bsurnames?\b|(?<!(last|family|full|first|given) )\bnames?\b/,
  },
  {
    concept: 'full_name',
    field: /^(patient )?(full )?name$/,
    mention: /\b(full )?names?\b/,
  },
  {
    concept: 'birth_date',
    field: /\b(dob|birth ?date|date of birth|birthday|born)\b/,
    mention: /\b(dob|date of birth|birth ?date|birthday|born)\b/,
  },
  { concept: 'gender', field: /\b(gender|sex)\b/, mention: /\b(gender|sex)\b/ },
  {
    concept: 'phone',
    field: /\b(phone|telephone|mobile)\b/,
    mention: /\b(phone|telephone|mobile)\b/,
  },
  { concept: 'email', field: /\be ?mail\b/, mention: /\be-?mail\b/ },
  {
    concept: 'postal_code',
    field: /\b(zip|postal|post) ?code\b|\bzip\b/,
    mention: /\b(zip|postal) ?codes?\b/,
  },
  { concept: 'city', field: /\bcity\b/, mention: /\bcity\b/ },
  { concept: 'address', field: /\baddress\b/, mention: /\baddress\b/ },
  {
    concept: 'code',
    field: /\b(code|loinc|snomed|icd|icd10|rxnorm|cpt|ndc)\b/,
    mention: /\b(codes?|loinc|snomed|icd(-?10)?|rxnorm|cpt|ndc)\b/,
  },
];

/** Words of a field name that say nothing on their own about what it holds. */
const GENERIC_WORDS = new Set([
  'patient',
  'the',
  'is',
  'has',
  'of',
  'value',
  'values',
  'data',
  'info',
  'text',
  'name',
  'date',
  'code',
  'number',
  'id',
  'result',
  'type',
]);

export interface SampleField {
  name: string;
  /** `patient_last_name` → ['patient', 'last', 'name']. */
  words: string[];
  concept: Concept | null;
  value: unknown;
}

export function describeFields(sampleData: Record<string, unknown>): SampleField[] {
  return Object.entries(sampleData).map(([name, value]) => {
    const words = fieldWords(name);
    const joined = words.join(' ');
    const concept = CONCEPTS.find((rule) => rule.field.test(joined))?.concept ?? null;
    return { name, words, concept, value };
  });
}

export function fieldWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

export interface FieldMention {
  field: SampleField;
  start: number;
  end: number;
  /** `exact`: the field's own words or its concept; `partial`: its distinctive words only. */
  strength: 'exact' | 'partial';
}

/** The sample fields a text mentions, in order of their first mention. */
export function findFieldMentions(text: string, fields: SampleField[]): FieldMention[] {
  const lower = text.toLowerCase();
  const mentions: FieldMention[] = [];
  for (const field of fields) {
    const mention = mentionOf(lower, field);
    if (mention) mentions.push({ field, ...mention });
  }
  return dropShadowed(mentions).sort((a, b) => a.start - b.start);
}

function mentionOf(
  lower: string,
  field: SampleField,
): { start: number; end: number; strength: 'exact' | 'partial' } | null {
  const phrases = [field.words.join(' '), field.name.toLowerCase()];
  const distinctive = field.words.filter((word) => !GENERIC_WORDS.has(word));
  if (distinctive.length > 0 && distinctive.length < field.words.length)
    phrases.push(distinctive.join(' '));
  for (const phrase of phrases) {
    const found = wordMatch(lower, phrase);
    if (found) {
      return { ...found, strength: phrase === distinctive.join(' ') ? 'partial' : 'exact' };
    }
  }
  // Code fields are told apart by their own words (`diagnosis code`), never by "code" alone.
  const rule =
    field.concept === 'code'
      ? undefined
      : CONCEPTS.find((candidate) => candidate.concept === field.concept);
  const conceptMatch = rule ? rule.mention.exec(lower) : null;
  if (
    conceptMatch &&
    !(field.concept === 'full_name' && /\b(first|given|last|family) names?\b/.test(lower))
  ) {
    return {
      start: conceptMatch.index,
      end: conceptMatch.index + conceptMatch[0].length,
      strength: 'exact',
    };
  }
  return null;
}

function wordMatch(lower: string, phrase: string): { start: number; end: number } | null {
  if (phrase === '') return null;
  const pattern = new RegExp(
    `(?<![a-z0-9])${escapeRegExp(phrase).replace(/ /g, '[\\s_-]+')}(?:s|es)?(?![a-z0-9])`,
  );
  const match = pattern.exec(lower);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

/** When two fields are found at the same words, the exact mention wins over the partial one. */
function dropShadowed(mentions: FieldMention[]): FieldMention[] {
  return mentions.filter(
    (mention) =>
      mention.strength === 'exact' ||
      !mentions.some(
        (other) =>
          other !== mention &&
          other.strength === 'exact' &&
          other.start < mention.end &&
          mention.start < other.end,
      ),
  );
}

/** A sample value as text, for matching it in resources; null when it is not a scalar. */
export function sampleText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A phrase for a field in prose: `patient_last_name` → `patient last name`. */
export function fieldLabel(field: SampleField): string {
  return field.words.join(' ');
}
