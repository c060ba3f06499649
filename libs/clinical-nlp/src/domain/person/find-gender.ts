import type { PersonDetails, TextSpan } from '../clinical-analysis.js';

type Gender = NonNullable<PersonDetails['gender']>;

const EXPLICIT: [RegExp, Gender][] = [
  [/\b(?:transgender|non-?binary|genderqueer|gender[- ]fluid)\b/i, 'other'],
  [/\b(?:female|woman|lady|girl|f)\b/i, 'female'],
  [/\b(?:male|man|gentleman|boy|m)\b/i, 'male'],
];
// Where a bare "M"/"F" means a sex: "45 yo M", "Sex: F", "45F".
const LETTER_CONTEXT =
  /(?:\b(?:[Ss]ex|[Gg]ender|SEX|GENDER)\s*:\s*([MF])\b|\d\s*(?:yo|y\/o|y\.o\.|year[- ]old)?\s*([MF])\b)/;
const WORDS =
  /\b(?:sex|gender)\s*:\s*(male|female|other|unknown)\b|\b(transgender|non-?binary|female|woman|lady|girl|male|man|gentleman|boy)\b/i;
const TITLES: [RegExp, Gender][] = [
  [/\bMr\.?\s+[A-Z]/, 'male'],
  [/\b(?:Mrs|Ms|Miss)\.?\s+[A-Z]/, 'female'],
];

/**
 * The patient's gender from explicit words ("male", "woman", "Sex: F", "45 yo M"), then
 * titles (Mr./Mrs.), then the pronouns used most ("he", "she").
 */
export function findGender(text: string): { gender: Gender; span: TextSpan } | undefined {
  const letter = LETTER_CONTEXT.exec(text);
  const word = WORDS.exec(text);
  const candidates: { gender: Gender; index: number; text: string }[] = [];
  if (word) {
    const written = word[1] ?? word[2];
    const gender = EXPLICIT.find(([pattern]) => pattern.test(written))?.[1] ?? 'unknown';
    candidates.push({ gender, index: word.index + word[0].lastIndexOf(written), text: written });
  }
  if (letter) {
    const written = letter[1] ?? letter[2];
    candidates.push({
      gender: written === 'M' ? 'male' : 'female',
      index: letter.index + letter[0].lastIndexOf(written),
      text: written,
    });
  }
  if (candidates.length > 0) {
    const first = candidates.sort((a, b) => a.index - b.index)[0];
    return { gender: first.gender, span: spanOf(first.index, first.text) };
  }
  for (const [pattern, gender] of TITLES) {
    const match = pattern.exec(text);
    if (match) return { gender, span: spanOf(match.index, match[0].slice(0, -1).trim()) };
  }
  return fromPronouns(text);
}

function fromPronouns(text: string): { gender: Gender; span: TextSpan } | undefined {
  const male = [...text.matchAll(/\b(?:he|him|his|himself)\b/gi)];
  const female = [...text.matchAll(/\b(?:she|her|hers|herself)\b/gi)];
  if (male.length === female.length) return undefined;
  const [gender, matches]: [Gender, RegExpExecArray[]] =
    male.length > female.length ? ['male', male] : ['female', female];
  return { gender, span: spanOf(matches[0].index, matches[0][0]) };
}

function spanOf(start: number, text: string): TextSpan {
  return { start, end: start + text.length, text };
}
