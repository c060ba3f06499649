import type { ResourceEntry } from '../fhir/fhir-input.js';
import type { FhirResource } from '../fhir/fhir-resource.js';
import { formatDateParts, parseFhirDate } from '../fhir/fhir-date.js';
import type { ReferenceIndex } from '../fhir/reference-index.js';

/** One line of a section: `- <text> (<details joined by '; '>)`. */
export interface IpsItem {
  text: string;
  details: string[];
  entry: ResourceEntry;
  /** When it happened or was recorded, for ordering; null when unknown. */
  date: string | null;
}

export interface SectionContext {
  references: ReferenceIndex;
}

/** The code of a status given as a CodeableConcept (clinicalStatus, verificationStatus). */
export function conceptCode(concept: unknown): string | undefined {
  const codings = (concept as { coding?: unknown } | undefined)?.coding;
  if (!Array.isArray(codings)) return undefined;
  const code = (codings[0] as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isEnteredInError(resource: FhirResource): boolean {
  return (
    resource.status === 'entered-in-error' ||
    conceptCode(resource.verificationStatus) === 'entered-in-error' ||
    conceptCode(resource.clinicalStatus) === 'entered-in-error'
  );
}

/** `yyyy-MM-dd` of a FHIR date or dateTime, as written (no zone conversion). */
export function dayOf(value: unknown): string | null {
  const parts = parseFhirDate(value);
  if (parts === null) return null;
  return (
    formatDateParts(parts, 'yyyy-MM-dd') ?? formatDateParts(parts, 'yyyy-MM') ?? String(parts.year)
  );
}

/** The first date among the elements, looking into Periods (their start). */
export function firstDate(resource: FhirResource, elements: string[]): string | null {
  for (const element of elements) {
    const value = resource[element];
    if (typeof value === 'string' && parseFhirDate(value)) return value;
    const start = (value as { start?: unknown } | undefined)?.start;
    if (typeof start === 'string' && parseFhirDate(start)) return start;
  }
  return null;
}

export function detail(label: string, value: string | null | undefined): string[] {
  return value === null || value === undefined || value === '' ? [] : [`${label}: ${value}`];
}

/** Most recent first; undated items last, in input order. */
export function byDateDescending(left: IpsItem, right: IpsItem): number {
  if (left.date === right.date) return 0;
  if (left.date === null) return 1;
  if (right.date === null) return -1;
  return Date.parse(right.date) - Date.parse(left.date) || right.date.localeCompare(left.date);
}
