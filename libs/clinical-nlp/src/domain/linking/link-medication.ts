import type {
  CodeSearchPort,
  LinkedConcept,
  MedicationMention,
  Quantity,
} from '../clinical-analysis.js';
import { DRUG_BRANDS, DRUG_INGREDIENTS } from '../medication/drug-lexicon.js';
import { coding, RXNORM } from '../lexicon/lexicon-entry.js';
import { normalizeTerm } from '../lexicon/normalize-term.js';
import { searchSafely, type SearchHit } from './search-targets.js';
import { extraWords, phraseCoverage } from './term-overlap.js';

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
  /** Chooses among the fitting results; by default the one with the fewest extra words. */
  pick?: (hits: SearchHit[]) => SearchHit | undefined;
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
  const { name, ingredient } = await drugName(mention, port);
  const doseForm = mention.doseForm ?? (await vocabularyDoseForm(mention, ingredient, port));
  for (const level of levels({ ...mention, ...(doseForm ? { doseForm } : {}) }, name, ingredient)) {
    const hits = await searchSafely(port, 'RXNORM', level.query, SEARCH_LIMIT);
    const fitting = hits.filter((hit) =>
      level.required.every((pattern) => pattern.test(hit.display)),
    );
    const chosen = level.pick
      ? level.pick(fitting)
      : fitting.sort(
          (a, b) =>
            extraWords(level.query, a.display) - extraWords(level.query, b.display) ||
            b.score - a.score,
        )[0];
    if (chosen) {
      return {
        span: mention.span,
        codings: [coding(RXNORM, chosen.code, chosen.display)],
        method: 'search:RXNORM',
      };
    }
  }
  const known = DRUG_INGREDIENTS[ingredient];
  if (known)
    return { span: mention.span, codings: [coding(RXNORM, known, ingredient)], method: 'lexicon' };
  return null;
}

/**
 * The name as written and the ingredient it stands for: the lexicon's, else the vocabulary's
 * brand relationships (one ingredient only), else the name respelled to the vocabulary's
 * words ("clopidogrell" → clopidogrel, "Tylenoll" → the brand Tylenol).
 */
async function drugName(
  mention: MedicationMention,
  port: CodeSearchPort,
): Promise<{ name: string; ingredient: string }> {
  const name = mention.name.text.trim();
  if (mention.ingredient) return { name, ingredient: mention.ingredient };
  const brandOf = async (candidate: string) => {
    const found = port.brandIngredients
      ? await port.brandIngredients(candidate).catch(() => [])
      : [];
    return found.length === 1 ? found[0] : undefined;
  };
  const brand = await brandOf(name);
  if (brand) return { name, ingredient: brand };
  const respelled = port.respell ? await port.respell('RXNORM', name).catch(() => name) : name;
  if (respelled.toLowerCase() !== name.toLowerCase()) {
    const respelledBrand = await brandOf(respelled);
    if (respelledBrand) return { name: respelled, ingredient: respelledBrand };
    const known = DRUG_BRANDS[respelled.toLowerCase()];
    return { name: respelled, ingredient: known ?? respelled.toLowerCase() };
  }
  return { name, ingredient: DRUG_BRANDS[name.toLowerCase()] ?? name.toLowerCase() };
}

function levels(mention: MedicationMention, name: string, ingredient: string): Level[] {
  const strength = mention.strength ? rxStrengths(mention.strength) : [];
  const form = mention.doseForm;
  const words = (text: string) => new RegExp(`(?:^|[^a-z])${escape(text)}(?:$|[^a-z])`, 'i');
  const strengthPattern =
    strength.length > 0
      ? new RegExp(
          `(?:^|\\s)(?:${strength.map((s) => `${escape(s.value)}\\s*${escape(s.unit)}`).join('|')})(?:$|[\\s/])`,
          'i',
        )
      : undefined;
  // RxNorm names injectables either way ("Injectable Solution", and since 2017 "Injection").
  const formPattern = form
    ? form === 'Injectable Solution'
      ? /(?:^|\s)(?:Injectable Solution|Injection)(?:$|\s)/i
      : words(form)
    : undefined;
  const isBrand = normalizeTerm(name) !== normalizeTerm(ingredient);
  const result: Level[] = [];
  const add = (
    parts: (string | undefined)[],
    required: (RegExp | undefined)[],
    pick?: Level['pick'],
  ) => {
    if (parts.some((part) => part === undefined) || required.some((r) => r === undefined)) return;
    result.push({
      query: parts.join(' '),
      required: required as RegExp[],
      ...(pick ? { pick } : {}),
    });
  };
  const strengthText =
    strength.length > 0 ? strength.map((s) => `${s.value} ${s.unit}`).join(' ') : undefined;
  if (isBrand)
    add([ingredient, strengthText, form, `[${name}]`], [words(name), strengthPattern, formPattern]);
  add([ingredient, strengthText, form], [words(ingredient), strengthPattern, formPattern]);
  if (isBrand) add([name, strengthText], [words(name), strengthPattern]);
  // A brand with no product of the written strength: its only product, if it has one.
  if (isBrand) add([name], [words(name), /\[/], onlyOne);
  // A strength with no form written: the clinical drug when the vocabulary holds one plain
  // oral tablet of it, or exactly one clinical drug of that strength.
  if (!form) {
    add(
      [ingredient, strengthText, 'Oral Tablet'],
      [words(ingredient), strengthPattern],
      onlyClinicalDrug,
    );
    // The same without the tablet words, which rank other drugs' tablets above the only form.
    add([ingredient, strengthText], [words(ingredient), strengthPattern], onlyClinicalDrug);
  }
  add([ingredient, strengthText], [words(ingredient), strengthPattern, COMPONENT]);
  add([ingredient, form], [words(ingredient), formPattern, NO_STRENGTH]);
  result.push({ query: ingredient, required: [new RegExp(`^${escape(ingredient)}$`, 'i')] });
  return result;
}

/** Words around a drug that never name a dose form. */
const NOT_FORM_WORDS = /\b(?:daily|once|twice|a|day|po|bid|tid|qid|prn|every|each|as|needed)\b/gi;

/**
 * A dose form the text writes that the engine's own list lacks ("drug implant", "mucosal
 * spray"), read from the vocabulary's names of that drug: the words after the strength of a
 * clinical drug ("etonogestrel 68 MG Drug Implant") or after the ingredient of a drug form,
 * all of which the mention holds beside the drug's name and strength. The longest; undefined
 * when none.
 */
async function vocabularyDoseForm(
  mention: MedicationMention,
  ingredient: string,
  port: CodeSearchPort,
): Promise<string | undefined> {
  let rest = mention.span.text.replace(mention.name.text, ' ');
  if (mention.strength) rest = rest.replace(mention.strength.text, ' ');
  rest = rest.replace(NOT_FORM_WORDS, ' ').trim();
  if (!/[a-z]{3,}/i.test(rest)) return undefined;
  const hits = await searchSafely(port, 'RXNORM', `${ingredient} ${rest}`, FORM_SEARCH_LIMIT);
  const lead = new RegExp(`^${escape(ingredient)}\\s+`, 'i');
  const forms = hits
    .filter((hit) => !hit.display.includes('[') && !hit.display.includes(' / '))
    .map((hit) => FORM_AFTER_STRENGTH.exec(hit.display)?.[1] ?? formAfterIngredient(hit, lead))
    .filter((form): form is string => !!form && phraseCoverage(form, rest) === 1)
    .sort((a, b) => b.length - a.length);
  return forms[0];
}

/** The form of a clinical drug name: what follows its strength. */
const FORM_AFTER_STRENGTH =
  /\d\s*(?:MG|MCG|GM|UNT|MEQ|MMOL|%)(?:\/[A-Z]+)?\s+([A-Za-z][A-Za-z ]*)$/;
const FORM_SEARCH_LIMIT = 20;

/** The form of a drug form name ("nitroglycerin Mucosal Spray"): what follows the ingredient. */
function formAfterIngredient(hit: SearchHit, lead: RegExp): string | undefined {
  return lead.test(hit.display) && !/\d/.test(hit.display)
    ? hit.display.replace(lead, '')
    : undefined;
}

/** An ingredient + strength component: the name ends at the strength ("lisinopril 10 MG"). */
const COMPONENT = /^[^[\]]*\d\s*(?:MG|MCG|GM|UNT|MEQ|MMOL|%)(?:\/[A-Z]+)?\s*$/i;
/** An ingredient + dose form: no strength and no brand ("lisinopril Oral Tablet"). */
const NO_STRENGTH = /^[^\d[\]]*$/;

function onlyOne(hits: SearchHit[]): SearchHit | undefined {
  const unique = [...new Map(hits.map((hit) => [hit.code, hit])).values()];
  return unique.length === 1 ? unique[0] : undefined;
}

/** A clinical drug (a dose form after the strength, no brand): the oral tablet, else the only one. */
function onlyClinicalDrug(hits: SearchHit[]): SearchHit | undefined {
  // Neither a branded drug nor a combination ("A 325 MG / B 5 MG Oral Tablet").
  const drugs = hits.filter(
    (hit) =>
      !hit.display.includes('[') &&
      !hit.display.includes(' / ') &&
      /\d\s*(?:MG|MCG|GM|UNT|MEQ|MG\/ML|%)(?:\/\S+)?\s+[A-Z]/i.test(hit.display),
  );
  const unique = [...new Map(drugs.map((hit) => [hit.code, hit])).values()];
  const tablet = unique.filter(
    (hit) => / Oral Tablet$/i.test(hit.display) && !/release/i.test(hit.display),
  );
  if (tablet.length === 1) return tablet[0];
  return unique.length === 1 ? unique[0] : undefined;
}

/** The strength as RxNorm writes it; micrograms also as milligrams (90 MCG = 0.09 MG). */
function rxStrengths(strength: Quantity): { value: string; unit: string }[] {
  const unit = strength.unit ? RXNORM_UNITS[strength.unit] : undefined;
  if (!unit) return [];
  const written = { value: String(Number(strength.value.toFixed(6))), unit };
  if (!unit.startsWith('MCG')) return [written];
  const inMg = {
    value: String(Number((strength.value / 1000).toFixed(6))),
    unit: unit.replace('MCG', 'MG'),
  };
  return [written, inMg];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
