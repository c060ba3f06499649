import type {
  CodingRef,
  LinkedConcept,
  Quantity as TextQuantity,
  TextSpan,
} from '@app/clinical-nlp';
import { DATA_ABSENT_REASON_URL, SYSTEM, systemUri } from './code-systems.js';
import type { CodeableConcept, Coding, Extension, Quantity } from './fhir.js';

export function coding(ref: CodingRef): Coding {
  return {
    system: systemUri(ref.system),
    code: ref.code,
    ...(ref.display ? { display: ref.display } : {}),
  };
}

/**
 * The code found for a phrase (none when the vocabulary has none) and the phrase as written.
 * Only the preferred coding: an equivalent or broader one from another system is not put
 * beside it (callers record alternatives in the derivations).
 */
export function conceptOf(text: string, linked?: LinkedConcept | null): CodeableConcept {
  const chosen = preferredCoding(linked);
  const codings = chosen ? [coding(chosen)] : [];
  return { ...(codings.length > 0 ? { coding: codings } : {}), text: text.trim() };
}

/**
 * The one coding a concept carries: SNOMED CT when the link offers it beside a CPT or
 * ICD-10-CM code (the loaded clinical vocabulary, and what US Core names first), else the
 * link's first.
 */
export function preferredCoding(linked?: LinkedConcept | null): CodingRef | undefined {
  const codings = linked?.codings ?? [];
  return codings.find((item) => systemUri(item.system) === SYSTEM.SNOMED) ?? codings[0];
}

export function fixedConcept(system: string, code: string, display: string): CodeableConcept {
  return { coding: [{ system, code, display }], text: display };
}

/** A quantity with its UCUM code when the unit is known to UCUM, else the unit as written. */
export function fhirQuantity(quantity: TextQuantity): Quantity {
  const unit = quantity.unitText ?? quantity.unit;
  return {
    value: quantity.value,
    ...(quantity.comparator ? { comparator: quantity.comparator } : {}),
    ...(unit ? { unit } : {}),
    ...(quantity.unit ? { system: SYSTEM.UCUM, code: quantity.unit } : {}),
  };
}

export function dataAbsent(reason: 'unknown' | 'not-performed' | 'asked-unknown'): Extension {
  return { url: DATA_ABSENT_REASON_URL, valueCode: reason };
}

/** The part of a span's text the engine located best: the text with surrounding spaces removed. */
export function spanText(span: TextSpan): string {
  return span.text.trim();
}

/** YYYY, YYYY-MM or YYYY-MM-DD from an ISO date or date-time. */
export function toDate(value: string): string {
  return /^\d{4}(-\d{2}(-\d{2})?)?/.exec(value)?.[0] ?? value;
}

/** An R4 dateTime: a date (any precision), or a date-time with seconds and an offset. */
export function toDateTime(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(
    value,
  );
  if (!match) return toDate(value);
  const seconds = match[3] ? match[3].replace(/\.0+$/, '') : ':00';
  return `${match[1]}T${match[2]}${seconds}${match[5] ?? 'Z'}`;
}

/** An R4 instant (full date-time with offset), or undefined when the value has no time of day. */
export function toInstant(value: string): string | undefined {
  return /T\d{2}:\d{2}/.test(value) ? toDateTime(value) : undefined;
}

export function addMinutes(instant: string, minutes: number): string {
  const date = new Date(instant);
  return new Date(date.getTime() + minutes * 60_000).toISOString().replace(/\.000Z$/, 'Z');
}

/** Characters that XHTML narrative must escape. */
export function escapeXhtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const SHORT_LABELS: Record<string, string> = {
  [SYSTEM.SNOMED]: 'SNOMED',
  [SYSTEM.LOINC]: 'LOINC',
  [SYSTEM.RXNORM]: 'RxNorm',
  [SYSTEM.ICD10CM]: 'ICD-10-CM',
  [SYSTEM.CPT]: 'CPT',
};

/** "Type 2 diabetes mellitus (SNOMED 44054006)", or the text when no code was found. */
export function describeConcept(concept: CodeableConcept): string {
  const first = concept.coding?.[0];
  if (!first?.code) return concept.text ?? 'unnamed';
  const label = SHORT_LABELS[first.system ?? ''] ?? first.system ?? 'code';
  return `${first.display ?? concept.text ?? first.code} (${label} ${first.code})`;
}
