// Pure, offline clinical text engine. No Nest, no database: everything with I/O (code
// lookup) is reached through ports that the caller implements.
export type * from './domain/clinical-analysis.js';
export type { ParsedSig } from './domain/medication/parsed-sig.js';
export type * from './domain/medication/fhir-dosage.types.js';
export { analyzeClinicalText } from './domain/analyze-clinical-text.js';
export { linkExactName, linkPhrase } from './domain/linking/link-phrase.js';
export { assertContext } from './domain/context/assert-context.js';
export { parseSig } from './domain/medication/parse-sig.js';
export { medicationAt } from './domain/medication/find-medications.js';
export { fhirQuantity, toFhirDosage } from './domain/medication/to-fhir-dosage.js';
export type { DosageInput } from './domain/medication/to-fhir-dosage.js';
export { parseQuantity, parseQuantityRange } from './domain/quantity/parse-quantity.js';
export { toUcum } from './domain/quantity/ucum.js';
export { parseNegationKit, scoreNegationKit } from './domain/context/negation-kit.js';
export type { NegationKitItem, NegationKitScore } from './domain/context/negation-kit.js';
export { splitSentences } from './domain/text/split-sentences.js';
