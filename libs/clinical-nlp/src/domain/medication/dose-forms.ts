import type { RouteName } from './routes.js';

export interface DoseFormMatch {
  /** RxNorm dose form name ("Oral Tablet", "Extended Release Oral Capsule", …). */
  name: string;
  index: number;
  text: string;
}

// Written form → RxNorm dose form, most specific first. "re:" marks a regex.
const FORMS: [RegExp, string][] = [
  [
    /\b(?:er|xr|xl|sr|cr|la|extended[- ]release|sustained[- ]release|controlled[- ]release)\s+(?:oral\s+)?(?:tab(?:let)?s?)\b/i,
    'Extended Release Oral Tablet',
  ],
  [
    /\b(?:er|xr|xl|sr|cr|extended[- ]release|sustained[- ]release)\s+(?:oral\s+)?(?:cap(?:sule)?s?)\b/i,
    'Extended Release Oral Capsule',
  ],
  [
    /\b(?:dr|ec|delayed[- ]release|enteric[- ]coated)\s+(?:oral\s+)?(?:tab(?:let)?s?)\b/i,
    'Delayed Release Oral Tablet',
  ],
  [
    /\b(?:dr|ec|delayed[- ]release)\s+(?:oral\s+)?(?:cap(?:sule)?s?)\b/i,
    'Delayed Release Oral Capsule',
  ],
  [
    /\b(?:odt|orally disintegrating tab(?:let)?s?|disintegrating tab(?:let)?s?)\b/i,
    'Disintegrating Oral Tablet',
  ],
  [/\bchewable\s+tab(?:let)?s?\b/i, 'Chewable Tablet'],
  [/\bsublingual\s+tab(?:let)?s?\b/i, 'Sublingual Tablet'],
  [/\b(?:oral\s+)?tab(?:let)?s?\b|\bpills?\b/i, 'Oral Tablet'],
  [/\b(?:oral\s+)?cap(?:sule)?s?\b/i, 'Oral Capsule'],
  [/\b(?:oral\s+)?susp(?:ension)?\b/i, 'Oral Suspension'],
  [/\b(?:oral\s+)?(?:solution|soln|liquid|syrup|elixir)\b/i, 'Oral Solution'],
  [/\b(?:prefilled\s+syringe)\b/i, 'Prefilled Syringe'],
  [/\b(?:auto-?injector)\b/i, 'Auto-Injector'],
  [/\bpen(?:\s+injector)?\b/i, 'Pen Injector'],
  [/\b(?:injection|injectable|inj)\b/i, 'Injectable Solution'],
  [/\bcream\b/i, 'Topical Cream'],
  [/\bointment\b|\boint\b/i, 'Topical Ointment'],
  [/\bgel\b/i, 'Topical Gel'],
  [/\blotion\b/i, 'Topical Lotion'],
  [/\b(?:transdermal\s+)?patch(?:es)?\b/i, 'Transdermal System'],
  [/\b(?:hfa|mdi|metered[- ]dose inhaler|inhaler)\b/i, 'Metered Dose Inhaler'],
  [/\b(?:dpi|diskus|dry powder inhaler)\b/i, 'Dry Powder Inhaler'],
  [
    /\b(?:neb(?:ulizer)?\s+solution|nebuli[sz]er|nebs?|inhalation\s+solution)\b/i,
    'Inhalation Solution',
  ],
  [/\b(?:nasal\s+spray)\b/i, 'Nasal Spray'],
  [/\b(?:eye\s+drops?|ophthalmic\s+solution)\b/i, 'Ophthalmic Solution'],
  [/\b(?:ear\s+drops?|otic\s+solution)\b/i, 'Otic Solution'],
  [/\bsuppositor(?:y|ies)\b/i, 'Rectal Suppository'],
];

// A form word read with its route, where the route changes the RxNorm form.
const BY_ROUTE: Partial<Record<RouteName, Partial<Record<string, string>>>> = {
  sublingual: { 'Oral Tablet': 'Sublingual Tablet' },
  vaginal: { 'Topical Cream': 'Vaginal Cream', 'Rectal Suppository': 'Vaginal Suppository' },
  ophthalmic: { 'Oral Solution': 'Ophthalmic Solution', 'Topical Ointment': 'Ophthalmic Ointment' },
  otic: { 'Oral Solution': 'Otic Solution' },
  respiratory: { 'Oral Solution': 'Inhalation Solution' },
  intravenous: { 'Oral Solution': 'Injectable Solution' },
  intramuscular: {
    'Oral Solution': 'Injectable Solution',
    'Oral Suspension': 'Injectable Suspension',
  },
  subcutaneous: { 'Oral Solution': 'Injectable Solution' },
};

/** The first dose form written in `text`. */
export function findDoseForm(text: string, route?: RouteName): DoseFormMatch | undefined {
  let best: DoseFormMatch | undefined;
  for (const [pattern, name] of FORMS) {
    const match = pattern.exec(text);
    if (
      match &&
      (!best ||
        match.index < best.index ||
        (match.index === best.index && match[0].length > best.text.length))
    ) {
      best = { name, index: match.index, text: match[0] };
    }
  }
  if (best && route) best.name = BY_ROUTE[route]?.[best.name] ?? best.name;
  return best;
}
