import type {
  CodeSearchPort,
  LinkedConcept,
  MedicationMention,
  Quantity,
} from '../clinical-analysis.js';
import { DRUG_INGREDIENTS } from '../medication/drug-lexicon.js';
import { coding, RXNORM } from '../lexicon/lexicon-entry.js';
import { normalizeTerm } from '../lexicon/normalize-term.js';
import { searchSafely } from './search-targets.js';
import { extraWords } from './term-overlap.js';

const SEARCH_LIMIT = 10;

// RxNorm writes strengths with its own unit abbreviations.
const RXNORM_UNITS: Readonly<Record<string, string>> = {
  mg: 'MG',
  ug: 'MCG',
  g: 'GM',
  meq: 'MEQ',
  'mg/mL': 'MG/ML',
  'ug/mL': 'MCG/ML',
  'U/mL': 'UNT/ML',
  '[IU]/mL': 'UNT/ML',
  '%': '%',
  'ug/h': 'MCG/HR',
  'mg/h': 'MG/HR',
  'ug/{actuat}': 'MCG/ACTUAT',
  'mg/{actuat}': 'MG/ACTUAT',
  mmol: 'MMOL',
};

interface Level {
  query: string;
  /** Every one of these must appear in the display for a result to be taken. */
  required: RegExp[];
}

/**
 * RxNorm at the most specific level the text supports: ingredient + strength + dose form
 * (SCD/SBD), then ingredient + strength (SCDC), ingredient + form (SCDF), then the
 * ingredient. A result is taken only when its name carries every part the query asked for,
 * so a missing strength-level concept falls back to the ingredient rather than to a wrong
 * product. The built-in ingredient codes answer when the vocabulary has nothing.
 */
export async function linkMedication(
  mention: MedicationMention,
  port: CodeSearchPort,
): Promise<LinkedConcept | null> {
  const name = mention.name.text.trim();
  const ingredient = mention.ingredient ?? name.toLowerCase();
  for (const level of levels(mention, name, ingredient)) {
    const hits = await searchSafely(port, 'RXNORM', level.query, SEARCH_LIMIT);
    const fitting = hits
      .filter((hit) => level.required.every((pattern) => pattern.test(hit.display)))
      .sort(
        (a, b) =>
          extraWords(level.query, a.display) - extraWords(level.query, b.display) ||
          b.score - a.score,
      );
    if (fitting[0]) {
      return {
        span: mention.span,
        codings: [coding(RXNORM, fitting[0].code, fitting[0].display)],
        method: 'search:RXNORM',
      };
    }
  }
  const known = DRUG_INGREDIENTS[ingredient];
  if (known)
    return { span: mention.span, codings: [coding(RXNORM, known, ingredient)], method: 'lexicon' };
  return null;
}

function levels(mention: MedicationMention, name: string, ingredient: string): Level[] {
  const strength = mention.strength ? rxStrength(mention.strength) : undefined;
  const form = mention.doseForm;
  const words = (text: string) => new RegExp(`(?:^|[^a-z])${escape(text)}(?:$|[^a-z])`, 'i');
  const strengthPattern = strength
    ? new RegExp(`(?:^|\\s)${escape(strength.value)}\\s*${escape(strength.unit)}(?:$|[\\s/])`, 'i')
    : undefined;
  const formPattern = form ? words(form) : undefined;
  const isBrand = normalizeTerm(name) !== normalizeTerm(ingredient);
  const result: Level[] = [];
  const add = (parts: (string | undefined)[], required: (RegExp | undefined)[]) => {
    if (parts.some((part) => part === undefined) || required.some((r) => r === undefined)) return;
    result.push({ query: parts.join(' '), required: required as RegExp[] });
  };
  const strengthText = strength ? `${strength.value} ${strength.unit}` : undefined;
  if (isBrand)
    add([ingredient, strengthText, form, `[${name}]`], [words(name), strengthPattern, formPattern]);
  add([ingredient, strengthText, form], [words(ingredient), strengthPattern, formPattern]);
  if (isBrand) add([name, strengthText], [words(name), strengthPattern]);
  add([ingredient, strengthText], [words(ingredient), strengthPattern]);
  add([ingredient, form], [words(ingredient), formPattern]);
  result.push({ query: ingredient, required: [new RegExp(`^${escape(ingredient)}$`, 'i')] });
  return result;
}

function rxStrength(strength: Quantity): { value: string; unit: string } | undefined {
  const unit = strength.unit ? RXNORM_UNITS[strength.unit] : undefined;
  if (!unit) return undefined;
  return { value: String(Number(strength.value.toFixed(6))), unit };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
