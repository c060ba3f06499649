import type { MedicationMention, Quantity, TextSpan } from '../clinical-analysis.js';
import { assertInText } from '../context/assert-in-text.js';
import { readQuantityAt } from '../quantity/find-quantities.js';
import { findDoseForm } from './dose-forms.js';
import { DRUG_BRANDS, DRUG_INGREDIENTS, OTHER_DRUG_NAMES } from './drug-lexicon.js';
import { parseSig } from './parse-sig.js';
import { findRoute } from './routes.js';

const KNOWN_NAMES = [
  ...Object.keys(DRUG_INGREDIENTS),
  ...Object.keys(DRUG_BRANDS),
  ...OTHER_DRUG_NAMES,
].sort((a, b) => b.length - a.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const KNOWN_PATTERN = new RegExp(
  `(?<![A-Za-z0-9-])(?:${KNOWN_NAMES.map((name) => escape(name).replace(/ /g, '\\s+')).join('|')})(?![A-Za-z0-9-])`,
  'gi',
);

// Endings of generic drug names (statins, sartans, beta blockers, …), for names not listed.
const DRUG_SUFFIX =
  /(?:pril|sartan|olol|alol|statin|dipine|mab|nib|cillin|mycin|micin|floxacin|cycline|azole|conazole|tidine|prazole|gliptin|gliflozin|glutide|parin|xaban|gatran|triptan|afil|sone|olone|lukast|terol|tropium|zepam|zolam|oxetine|pramine|triptyline|apine|idone|codone|morphone|caine|vir|navir|thiazide|semide|formin|glitazone|tinib|umab|ximab|zumab|setron|dronate|lamide|barbital|profen|fenac|coxib|azepine|etine|iramate|racetam)$/i;
const STRENGTH_UNITS = new Set([
  'mg',
  'ug',
  'g',
  'meq',
  'mg/mL',
  'ug/mL',
  'U/mL',
  '[IU]/mL',
  '%',
  'ug/h',
  'mg/h',
  'mg/(5.mL)',
  'ug/{actuat}',
  'mg/{actuat}',
  'mmol',
  'ng',
  'mg/d',
]);
const UNKNOWN_CANDIDATE =
  /(?<![A-Za-z0-9-])([A-Za-z][A-Za-z-]{3,})(?=\s+(?:\d+(?:\.\d+)?\s*(?:mg|mcg|g|units?|meq|%)|(?:tab(?:let)?s?|cap(?:sule)?s?)\b))/g;
const MEDICATION_CONTEXT =
  /\b(?:start(?:ed)?|started on|takes|taking|take|on|prescribed?|continue[sd]?|increase[sd]?|decrease[sd]?|given|received|administered|resume[sd]?|switch(?:ed)? to|change[sd]? to|rx|medications?|meds)\s*:?\s*$/i;
// Salts and release words between the name and the strength ("metoprolol succinate ER 50 mg").
const SALTS =
  /^(?:\s+(?:hcl|hydrochloride|sodium|potassium|calcium|magnesium|succinate|tartrate|besylate|maleate|mesylate|citrate|sulfate|acetate|bromide|fumarate|phosphate|er|xl|xr|sr|cr|dr|ec|odt|hfa|extended[- ]release|delayed[- ]release))*/i;
const RELEASE =
  /\b(er|xr|xl|sr|cr|la|extended[- ]release|sustained[- ]release|controlled[- ]release)\b/i;
const DELAYED = /\b(dr|ec|delayed[- ]release|enteric[- ]coated)\b/i;
// A drug named as an allergen is an allergy, not a medication ("allergic to penicillin").
const ALLERGY_CONTEXT = /(?:allerg|intoleran|reaction)[^.;\n]*$/i;
const NOT_DRUGS = new Set([
  'take',
  'takes',
  'taking',
  'give',
  'dose',
  'doses',
  'weight',
  'weighs',
  'glucose',
  'hemoglobin',
  'creatinine',
  'sodium',
  'potassium',
  'calcium',
  'magnesium',
  'about',
  'approximately',
  'total',
  'daily',
  'each',
  'every',
  'than',
  'over',
  'under',
  'then',
  'with',
  'from',
  'dosage',
  'increase',
  'decrease',
  'start',
  'started',
  'only',
  'inject',
  'apply',
  'units',
  'tablets',
  'tablet',
  'capsules',
  'capsule',
  'level',
  'levels',
  'result',
  'value',
  'cholesterol',
  'protein',
  'albumin',
  'bilirubin',
  'platelets',
  'ferritin',
  'lactate',
  'troponin',
  'vitamin',
]);

/** Medication mentions: the drug name, strength, dose form and the sig that follows. */
export function findMedications(text: string, sentences: TextSpan[]): MedicationMention[] {
  const names = drugNames(text);
  const mentions: MedicationMention[] = [];
  names.forEach((name, i) => {
    const sentence = sentences.find((s) => s.start <= name.start && s.end >= name.end);
    const limit = Math.min(
      names[i + 1]?.start ?? text.length,
      sentence?.end ?? text.length,
      clauseEnd(text, name.end),
    );
    mentions.push(readMention(text, sentences, name, limit));
  });
  return mentions;
}

/**
 * The medication mention of a drug name found by the caller (a name the vocabulary holds
 * that the built-in lexicon does not): its strength, dose form and sig as for any other.
 */
export function medicationAt(
  text: string,
  sentences: TextSpan[],
  name: TextSpan & { ingredient?: string },
): MedicationMention {
  const sentence = sentences.find((s) => s.start <= name.start && s.end >= name.end);
  const limit = Math.min(sentence?.end ?? text.length, clauseEnd(text, name.end));
  return readMention(text, sentences, name, limit);
}

function readMention(
  text: string,
  sentences: TextSpan[],
  name: TextSpan & { ingredient?: string },
  limit: number,
): MedicationMention {
  let cursor = name.end;
  const salts = SALTS.exec(text.slice(cursor, limit));
  if (salts) cursor += salts[0].length;
  const mention: MedicationMention = {
    span: { start: name.start, end: name.end, text: name.text },
    name: { start: name.start, end: name.end, text: name.text },
    assertion: assertInText(text, sentences, name),
  };
  if (name.ingredient) mention.ingredient = name.ingredient;
  const strength = readQuantityAt(text.slice(0, limit), cursor);
  const strengthUnit = strength?.value?.unit;
  if (strength?.value && strengthUnit && STRENGTH_UNITS.has(strengthUnit)) {
    mention.strength = { ...strength.value, text: strength.span.text };
    cursor = strength.span.end;
  } else {
    const before = strengthBefore(text, name.start);
    if (before) mention.strength = before;
  }
  const rest = text.slice(cursor, limit);
  const sig = parseSig(rest, cursor);
  const route = findRoute(rest);
  const form = findDoseForm(text.slice(name.end, limit), route?.name);
  let end = Math.max(mention.strength ? cursor : name.end, ...sig.spans.map((span) => span.end));
  if (form) {
    mention.doseForm = qualifyRelease(form.name, text.slice(name.end, limit));
    end = Math.max(end, name.end + form.index + form.text.length);
  }
  if (sig.route) mention.route = sig.route;
  if (sig.doseQuantity && !sameAsStrength(sig.doseQuantity, mention.strength)) {
    mention.doseQuantity = sig.doseQuantity;
  }
  if (sig.doseRange) mention.doseRange = sig.doseRange;
  if (sig.timing) mention.timing = sig.timing;
  if (sig.asNeeded) mention.asNeeded = true;
  if (sig.asNeededFor) mention.asNeededFor = sig.asNeededFor;
  if (sig.spans.length > 0) {
    const start = Math.min(...sig.spans.map((span) => span.start));
    const sigEnd = Math.max(...sig.spans.map((span) => span.end));
    mention.sig = { start, end: sigEnd, text: text.slice(start, sigEnd) };
  }
  mention.span = { start: name.start, end, text: text.slice(name.start, end) };
  return mention;
}

function drugNames(text: string): (TextSpan & { ingredient?: string })[] {
  const found: (TextSpan & { ingredient?: string })[] = [];
  for (const match of text.matchAll(KNOWN_PATTERN)) {
    if (ALLERGY_CONTEXT.test(text.slice(Math.max(0, match.index - 60), match.index))) continue;
    const lower = match[0].toLowerCase().replace(/\s+/g, ' ');
    const ingredient = DRUG_BRANDS[lower] ?? (lower in DRUG_INGREDIENTS ? lower : undefined);
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      text: match[0],
      ...(ingredient ? { ingredient } : {}),
    });
  }
  for (const match of text.matchAll(UNKNOWN_CANDIDATE)) {
    const word = match[1];
    if (NOT_DRUGS.has(word.toLowerCase())) continue;
    if (found.some((f) => f.start < match.index + word.length && match.index < f.end)) continue;
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    // After "prescribed", "started on", …: a brand as written, capitalised or not.
    const brandLike = /^[A-Za-z][a-z]+$/.test(word) && MEDICATION_CONTEXT.test(before);
    if (!DRUG_SUFFIX.test(word) && !brandLike) continue;
    found.push({ start: match.index, end: match.index + word.length, text: word });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A strength written just before the name: "75mg clopidogrel", "500 mg of metformin". */
function strengthBefore(
  text: string,
  nameStart: number,
): (Quantity & { text: string }) | undefined {
  const window = text.slice(Math.max(0, nameStart - 24), nameStart);
  const match = /(\d+(?:\.\d+)?\s*(?:mg|mcg|µg|g|meq|units?|%)\s+(?:of\s+)?)$/i.exec(window);
  if (!match) return undefined;
  const at = nameStart - match[1].length;
  const read = readQuantityAt(text.slice(0, nameStart), at);
  const unit = read?.value?.unit;
  if (!read?.value || !unit || !STRENGTH_UNITS.has(unit)) return undefined;
  return { ...read.value, text: read.span.text };
}

/** A medication's words end at ";", a new line or ", and" before another item. */
function clauseEnd(text: string, from: number): number {
  const stop = /[;\n]/.exec(text.slice(from));
  return stop ? from + stop.index : text.length;
}

function qualifyRelease(form: string, text: string): string {
  if (form === 'Oral Tablet' || form === 'Oral Capsule') {
    const kind = form === 'Oral Tablet' ? 'Tablet' : 'Capsule';
    if (RELEASE.test(text)) return `Extended Release Oral ${kind}`;
    if (DELAYED.test(text)) return `Delayed Release Oral ${kind}`;
  }
  return form;
}

function sameAsStrength(dose: Quantity, strength: Quantity | undefined): boolean {
  return !!strength && dose.value === strength.value && dose.unit === strength.unit;
}
