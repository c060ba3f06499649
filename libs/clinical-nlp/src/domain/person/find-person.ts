import * as chrono from 'chrono-node';
import type { PersonDetails, TextSpan } from '../clinical-analysis.js';
import { findGender } from './find-gender.js';
import { findName } from './find-name.js';

const BIRTH =
  /\b(?:DOB|D\.O\.B\.?|date\s+of\s+birth|birth\s*date|birthdate|born(?:\s+on)?)\s*[:#-]?\s*/gi;
const AGE = [
  /\b(\d{1,3})\s*[- ]?\s*(?:years?|yrs?)[- ]?old\b/i,
  /\b(\d{1,3})\s*(?:yo|y\/o|y\.o\.?|yr\.? old)(?![a-z])/i,
  /\b(?:age|aged)\s*[:]?\s*(\d{1,3})\b/i,
  /\b(\d{1,3})\s*(?:[MF])\b(?=\s*(?:with|w\/|presents|,|\.|$))/,
];
const IDENTIFIERS: { kind: 'MRN' | 'SSN' | 'OTHER'; pattern: RegExp }[] = [
  {
    kind: 'MRN',
    pattern:
      /\b(MRN|MR#|MR\s+number|medical\s+record\s+(?:number|no\.?|#))\s*(?:is\s+)?[:#]?\s*([A-Z0-9][A-Z0-9-]{2,})\b/gi,
  },
  {
    kind: 'SSN',
    pattern:
      /\b(SSN|social\s+security(?:\s+number)?)\s*(?:is\s+)?[:#]?\s*(\d{3}-?\d{2}-?\d{4})\b/gi,
  },
  {
    kind: 'OTHER',
    pattern:
      /\b(member\s+id|patient\s+id|insurance\s+id|policy\s+(?:number|no\.?|#)|subscriber\s+id|account\s+(?:number|#)|health\s+card\s+(?:number|#))\s*(?:is\s+)?[:#]?\s*([A-Z0-9][A-Z0-9-]{2,})\b/gi,
  },
];
const PHONE =
  /(?:\b(?:phone|tel|telephone|cell|mobile|ph|contact)\.?\s*(?:number|no\.?|#)?\s*[:#]?\s*)?(\+?1[\s.-]?)?\(?\b(\d{3})\)?[\s.-]?(\d{3})[\s.-](\d{4})\b/i;
const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/;

/**
 * What the text says about the patient as a person: name, gender, birth date, age,
 * identifiers, phone and e-mail. Undefined when it says none of these.
 */
export function findPerson(text: string, referenceDate: Date): PersonDetails | undefined {
  const person: PersonDetails = { given: [], identifiers: [] };
  let found = false;
  const name = findName(text);
  if (name) {
    person.given = name.given;
    if (name.family) person.family = name.family;
    person.nameSpan = name.span;
    found = true;
  }
  const gender = findGender(text);
  if (gender) {
    person.gender = gender.gender;
    person.genderSpan = gender.span;
    found = true;
  }
  const birth = findBirthDate(text, referenceDate);
  if (birth) {
    person.birthDate = birth.value;
    person.birthDateSpan = birth.span;
    found = true;
  }
  const age = findAge(text);
  if (age !== undefined) {
    person.ageYears = age;
    found = true;
  }
  for (const { kind, pattern } of IDENTIFIERS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index + match[0].lastIndexOf(match[2]);
      if (kind === 'MRN' && !/\d/.test(match[2])) continue;
      person.identifiers.push({
        kind,
        value: match[2],
        label: match[1].replace(/\s+/g, ' '),
        span: { start, end: start + match[2].length, text: match[2] },
      });
      found = true;
    }
  }
  const phone = PHONE.exec(text);
  if (phone && !overlapsIdentifier(person, phone.index, phone.index + phone[0].length)) {
    person.phone = `${phone[2]}-${phone[3]}-${phone[4]}`;
    found = true;
  }
  const email = EMAIL.exec(text);
  if (email) {
    person.email = email[0];
    found = true;
  }
  return found ? person : undefined;
}

function findBirthDate(
  text: string,
  referenceDate: Date,
): { value: string; span: TextSpan } | undefined {
  BIRTH.lastIndex = 0;
  for (const match of text.matchAll(BIRTH)) {
    const from = match.index + match[0].length;
    const window = text.slice(from, from + 40);
    const parsed = chrono.parse(window, referenceDate)[0];
    if (!parsed || parsed.index > 2) continue;
    const { start } = parsed;
    if (!start.isCertain('year') || !start.isCertain('month') || !start.isCertain('day')) continue;
    const value = `${start.get('year')}-${pad(start.get('month'))}-${pad(start.get('day'))}`;
    const spanStart = from + parsed.index;
    return {
      value,
      span: { start: spanStart, end: spanStart + parsed.text.length, text: parsed.text },
    };
  }
  return undefined;
}

function findAge(text: string): number | undefined {
  for (const pattern of AGE) {
    const match = pattern.exec(text);
    if (match) {
      const age = Number(match[1]);
      if (age <= 130) return age;
    }
  }
  return undefined;
}

function overlapsIdentifier(person: PersonDetails, start: number, end: number): boolean {
  return person.identifiers.some((id) => id.span.start < end && start < id.span.end);
}

function pad(n: number | null): string {
  return String(n ?? 0).padStart(2, '0');
}
