/** One criterion of a cohort: its words, and whether patients meeting it are excluded. */
export interface Criterion {
  concept: string;
  exclude: boolean;
}

export interface Demographics {
  concept: string;
  params: string;
}

const NEGATION = /^(?:not|no|without|excluding|except(?: for)?|never|free of)\b\s*/i;
const SPLIT = /\s*(?:,|;|\band\b|\bbut\b|\bwho (?:have|has|had)\b|\bwith(?:out)?\b|\bhaving\b)\s*/i;

/**
 * The person part ("female patients over 65") and the clinical criteria after it, each
 * marked excluded when written as "not …", "without …", "no …".
 */
export function splitCohort(text: string): { person: string; criteria: Criterion[] } {
  const clean = text.trim().replace(/\.$/, '');
  const first = /\b(with(?:out)?|who|having)\b/i.exec(clean);
  // Only people ("female patients over 65"): the whole text is the person part.
  if (!first && /\b(patients?|people|persons?|(?:wo)?m[ae]n|(?:fe)?male)\b/i.test(clean)) {
    return { person: clean, criteria: [] };
  }
  const person = first ? clean.slice(0, first.index).trim() : '';
  const rest = first ? clean.slice(first.index) : clean;
  const criteria: Criterion[] = [];
  for (const piece of splitKeepingWithout(rest)) {
    const exclude = piece.without || NEGATION.test(piece.text);
    const concept = piece.text
      .replace(NEGATION, '')
      .replace(/^(?:a|an|the|any)\s+/i, '')
      .trim();
    if (concept && !/^(patients?|people|persons?)$/i.test(concept))
      criteria.push({ concept, exclude });
  }
  return { person, criteria };
}

/** Clauses of the criteria; the one right after "without" is marked. */
function splitKeepingWithout(text: string): { text: string; without: boolean }[] {
  const out: { text: string; without: boolean }[] = [];
  const tokens = text.split(/(\bwithout\b)/i);
  let without = false;
  for (const token of tokens) {
    if (/^without$/i.test(token)) {
      without = true;
      continue;
    }
    for (const [i, piece] of token.split(SPLIT).entries()) {
      if (piece.trim()) out.push({ text: piece.trim(), without: without && i === 0 });
    }
    without = false;
  }
  return out;
}

/** Gender and age of the person part, as Patient search parameters (age as birthdate). */
export function demographics(person: string, today: Date): Demographics | undefined {
  const params: string[] = [];
  if (/\b(female|women|woman|girls?)\b/i.test(person)) params.push('gender=female');
  else if (/\b(male|men|man|boys?)\b/i.test(person)) params.push('gender=male');
  const yearsAgo = (years: number) => {
    const date = new Date(today);
    date.setUTCFullYear(date.getUTCFullYear() - years);
    return date.toISOString().slice(0, 10);
  };
  const range = /\b(?:aged|ages|between)\s+(\d{1,3})\s*(?:-|–|to|and)\s*(\d{1,3})/i.exec(person);
  const over =
    /\b(?:over|older than|above|at least|>\s*)\s*(\d{1,3})|\b(\d{1,3})\s*(?:years? )?(?:or|and) (?:older|over)\b/i.exec(
      person,
    );
  const under = /\b(?:under|younger than|below|<\s*)\s*(\d{1,3})/i.exec(person);
  if (range) {
    params.push(
      `birthdate=le${yearsAgo(Number(range[1]))}`,
      `birthdate=ge${yearsAgo(Number(range[2]) + 1)}`,
    );
  } else {
    if (over) params.push(`birthdate=le${yearsAgo(Number(over[1] ?? over[2]))}`);
    if (under) params.push(`birthdate=gt${yearsAgo(Number(under[1]))}`);
  }
  return params.length > 0 ? { concept: person, params: params.join('&') } : undefined;
}
