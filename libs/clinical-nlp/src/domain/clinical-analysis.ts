/**
 * The contract between the clinical text engine and its users (lang2fhir, workflows).
 * Offsets are UTF-16 indices into the analysed text, end exclusive.
 */

export interface TextSpan {
  start: number;
  end: number;
  text: string;
}

/** ConText-style assertion of a mention in its sentence. */
export interface Assertion {
  negated: boolean;
  uncertain: boolean;
  historical: boolean;
  /** The mention is about a family member, not the patient. */
  family: boolean;
  /**
   * The mention is conditional or future ("return if chest pain", "risk of bleeding"). Set
   * together with `uncertain`, so that users of the four flags above treat it as not asserted.
   */
  hypothetical?: boolean;
  /** The trigger phrases that set the flags above, for explanation. */
  triggers: TextSpan[];
}

export interface Quantity {
  value: number;
  comparator?: '<' | '<=' | '>=' | '>';
  /** UCUM code when the unit is known to UCUM (e.g. `mg`, `mm[Hg]`, `/min`, `Cel`). */
  unit?: string;
  /** The unit as written. */
  unitText?: string;
}

export interface QuantityRange {
  low?: Quantity;
  high?: Quantity;
}

export interface CodingRef {
  system: string;
  code: string;
  display?: string;
}

export type VitalSignKind =
  | 'blood-pressure'
  | 'heart-rate'
  | 'respiratory-rate'
  | 'body-temperature'
  | 'oxygen-saturation'
  | 'body-weight'
  | 'body-height'
  | 'bmi';

export interface VitalSignMention {
  kind: VitalSignKind;
  span: TextSpan;
  /** LOINC code of the vital sign (85354-9 for the blood pressure panel, 8867-4 heart rate, …). */
  code: CodingRef;
  value?: Quantity;
  /** Blood pressure only: the two components with their own LOINC codes. */
  components?: { code: CodingRef; value: Quantity }[];
  /**
   * Further codes the US Core profile expects beside `code` (pulse oximetry: 2708-6 with
   * 59408-5).
   */
  additionalCodes?: CodingRef[];
  assertion: Assertion;
}

/** A FHIR R4 Timing.repeat-like structure, as parsed from a sig. */
export interface DoseTiming {
  frequency?: number;
  /** "1-2 times a day": frequency 1, frequencyMax 2. */
  frequencyMax?: number;
  period?: number;
  /** "every 4-6 hours": period 4, periodMax 6. */
  periodMax?: number;
  periodUnit?: 's' | 'min' | 'h' | 'd' | 'wk' | 'mo' | 'a';
  when?: string[];
  /** Timing abbreviation code (BID, TID, QID, QD, Q8H, …) from v3 GTSAbbreviation. */
  code?: CodingRef & { text: string };
  boundsDuration?: Quantity;
  /** Number of doses in all ("x 3 doses", "once"). */
  count?: number;
}

export interface MedicationMention {
  span: TextSpan;
  /** The drug name as written (ingredient or brand). */
  name: TextSpan;
  /** The generic ingredient, lower case, when the name is a known brand or ingredient. */
  ingredient?: string;
  strength?: Quantity & { text: string };
  doseForm?: string;
  route?: CodingRef & { text: string };
  doseQuantity?: Quantity;
  /** A dose written as a range ("1-2 tablets"), instead of doseQuantity. */
  doseRange?: { low: Quantity; high: Quantity };
  timing?: DoseTiming;
  asNeeded?: boolean;
  asNeededFor?: string;
  /** The sig text covered by the dose, route and timing. */
  sig?: TextSpan;
  assertion: Assertion;
}

export interface DateMention {
  span: TextSpan;
  /** ISO 8601 date or date-time, at the precision the text gave. */
  value: string;
  relative: boolean;
}

export interface PersonDetails {
  given: string[];
  family?: string;
  nameSpan?: TextSpan;
  gender?: 'male' | 'female' | 'other' | 'unknown';
  genderSpan?: TextSpan;
  birthDate?: string;
  birthDateSpan?: TextSpan;
  ageYears?: number;
  /** `label` is the identifier's name as written ("MRN", "Member ID"). */
  identifiers: { kind: 'MRN' | 'SSN' | 'OTHER'; value: string; span: TextSpan; label?: string }[];
  phone?: string;
  email?: string;
}

export type PhraseCategory = 'problem' | 'procedure' | 'lab' | 'observation' | 'allergy';

/** A phrase to be linked to a code (a problem, procedure, lab test, …). */
export interface ClinicalPhrase {
  category: PhraseCategory;
  span: TextSpan;
  assertion: Assertion;
  /** A numeric result or value stated with the phrase (e.g. "hemoglobin 10.2 g/dL"). */
  value?: Quantity;
  interpretation?: 'high' | 'low' | 'normal' | 'abnormal';
  /** A coded value stated with the phrase (smoking status: SNOMED "Ex-smoker", …). */
  valueCode?: CodingRef & { text: string };
  /** Allergies: the reaction as written ("hives" in "allergic to penicillin (hives)"). */
  reaction?: TextSpan;
}

export interface ClinicalAnalysis {
  text: string;
  sentences: TextSpan[];
  person?: PersonDetails;
  vitals: VitalSignMention[];
  medications: MedicationMention[];
  dates: DateMention[];
  phrases: ClinicalPhrase[];
}

export interface AnalyzeOptions {
  /** "today", "yesterday", "3 days ago" are resolved against this (default: now). */
  referenceDate?: Date;
}

/** Code lookup through the vocabulary and construe search: implemented by the caller. */
export interface CodeSearchPort {
  search(
    target: 'SNOMED' | 'ICD10CM' | 'RXNORM' | 'LOINC' | 'CPT',
    phrase: string,
    limit: number,
  ): Promise<{ code: string; display: string; score: number; conceptClassId?: string }[]>;
  /**
   * The phrase with the words the vocabulary does not hold respelled to the closest words it
   * does (misspellings). Optional: without it, no respelling.
   */
  respell?(
    target: 'SNOMED' | 'ICD10CM' | 'RXNORM' | 'LOINC' | 'CPT',
    phrase: string,
  ): Promise<string>;
  /** The ingredient names of a brand, through the vocabulary's RxNorm relationships. */
  brandIngredients?(name: string): Promise<string[]>;
}

export interface LinkedConcept {
  span: TextSpan;
  codings: CodingRef[];
  /** How the codes were found, e.g. `lexicon`, `construe:text`, `vocabulary`. */
  method: string;
  /** The vocabulary's class of the concept found by a search (SNOMED `Procedure`, `Disorder`, …). */
  conceptClass?: string;
}
