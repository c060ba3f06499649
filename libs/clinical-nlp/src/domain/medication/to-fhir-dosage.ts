import type { Quantity } from '../clinical-analysis.js';
import type { FhirDosage, FhirQuantity, FhirTimingRepeat } from './fhir-dosage.types.js';
import type { ParsedSig } from './parsed-sig.js';

const UCUM = 'http://unitsofmeasure.org';

export type DosageInput = Omit<ParsedSig, 'spans'> & { spans?: ParsedSig['spans'] };

/**
 * A FHIR R4 Dosage from a parsed sig (or a medication mention, which has the same fields):
 * timing.repeat and timing.code, route with its SNOMED coding, doseAndRate, asNeeded[x] and
 * the sig as text.
 */
export function toFhirDosage(sig: DosageInput, text?: string): FhirDosage {
  const dosage: FhirDosage = {};
  if (text?.trim()) dosage.text = text.trim();
  const timing = sig.timing;
  if (timing) {
    const repeat: FhirTimingRepeat = {};
    if (timing.boundsDuration) repeat.boundsDuration = fhirQuantity(timing.boundsDuration);
    if (timing.count !== undefined) repeat.count = timing.count;
    if (timing.frequency !== undefined) repeat.frequency = timing.frequency;
    if (timing.frequencyMax !== undefined) repeat.frequencyMax = timing.frequencyMax;
    if (timing.period !== undefined) repeat.period = timing.period;
    if (timing.periodMax !== undefined) repeat.periodMax = timing.periodMax;
    if (timing.periodUnit) repeat.periodUnit = timing.periodUnit;
    if (timing.when?.length) repeat.when = [...timing.when];
    dosage.timing = {};
    if (Object.keys(repeat).length > 0) dosage.timing.repeat = repeat;
    if (timing.code) {
      const { system, code, display, text: written } = timing.code;
      dosage.timing.code = {
        coding: [{ system, code, ...(display ? { display } : {}) }],
        text: written,
      };
    }
    if (Object.keys(dosage.timing).length === 0) delete dosage.timing;
  } else if (sig.duration) {
    dosage.timing = { repeat: { boundsDuration: fhirQuantity(sig.duration) } };
  }
  if (sig.asNeededFor) {
    dosage.asNeededCodeableConcept = { text: sig.asNeededFor };
  } else if (sig.asNeeded !== undefined) {
    dosage.asNeededBoolean = sig.asNeeded;
  }
  if (sig.route) {
    const { system, code, display, text: written } = sig.route;
    dosage.route = { coding: [{ system, code, ...(display ? { display } : {}) }], text: written };
  }
  if (sig.doseQuantity) {
    dosage.doseAndRate = [{ doseQuantity: fhirQuantity(sig.doseQuantity) }];
  } else if (sig.doseRange) {
    dosage.doseAndRate = [
      {
        doseRange: { low: fhirQuantity(sig.doseRange.low), high: fhirQuantity(sig.doseRange.high) },
      },
    ];
  }
  return dosage;
}

/** A FHIR Quantity with the UCUM code when known and the unit as written for display. */
export function fhirQuantity(quantity: Quantity): FhirQuantity {
  const result: FhirQuantity = { value: quantity.value };
  if (quantity.comparator) result.comparator = quantity.comparator;
  const display = quantity.unitText ?? quantity.unit;
  if (display) result.unit = display;
  if (quantity.unit) {
    result.system = UCUM;
    result.code = quantity.unit;
  }
  return result;
}
