import {
  convertToSearchableReferences,
  convertToSearchableTokens,
  evalFhirPathTyped,
  getSearchParameterDetails,
  getSearchParameters,
  toTypedValue,
  type TypedValue,
} from '@medplum/core';
import type { Address, HumanName, Period, Resource, Timing } from '../fhir-types.js';
import { parseFhirDateSpan, periodSpan, type TimeSpan } from './date-range.js';
import { normalizeSearchText } from './search-text.js';

export type IndexKind =
  'string' | 'token' | 'text' | 'reference' | 'date' | 'number' | 'quantity' | 'uri';

/** One searchable value of one search parameter of a resource (a row of the search index). */
export interface SearchIndexEntry {
  code: string;
  kind: IndexKind;
  /** Token or quantity system. */
  system: string | null;
  /** Normalised string, token code, reference (`Type/id`), URI or quantity unit code. */
  value: string | null;
  /** The string as written, for `:exact`. */
  exact: string | null;
  low: string | null;
  high: string | null;
  numLow: number | null;
  numHigh: number | null;
}

/** Search parameters answered from columns of the resource table rather than index rows. */
export const COLUMN_PARAMETERS: ReadonlySet<string> = new Set(['_id', '_lastUpdated']);

export const INDEXED_PARAMETER_TYPES: ReadonlySet<string> = new Set([
  'string',
  'token',
  'reference',
  'date',
  'number',
  'quantity',
  'uri',
]);

// Lets medplum's token builder mark display texts, which `:text` searches.
const TEXT_MARKER = 'urn:clinical-interop:display-text';

const REFERENCE_TAIL = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/;

/** Entries between two points where a paced extraction may let the event loop run. */
const ENTRIES_PER_STEP = 1_000;

/**
 * The index entries of a resource in steps: yields after each search parameter and every
 * `ENTRIES_PER_STEP` entries, then returns them all (deduplicated). One step of a resource
 * with 10,000 names is ~60 ms; the whole extraction ~0.5 s.
 */
function* indexSteps(resource: Resource): Generator<void, SearchIndexEntry[]> {
  const parameters = getSearchParameters(resource.resourceType) ?? {};
  const typed = [toTypedValue(resource)];
  const entries = new Map<string, SearchIndexEntry>();
  for (const [code, parameter] of Object.entries(parameters)) {
    if (COLUMN_PARAMETERS.has(code) || !INDEXED_PARAMETER_TYPES.has(parameter.type ?? '')) continue;
    if (!parameter.expression) continue;
    const details = getSearchParameterDetails(resource.resourceType, parameter);
    const values = evalFhirPathTyped(details.parsedExpression, typed);
    yield;
    if (values.length === 0) continue;
    for (let start = 0; start < values.length; start += ENTRIES_PER_STEP) {
      for (const entry of entriesFor(
        code,
        parameter.type,
        values.slice(start, start + ENTRIES_PER_STEP),
      ))
        entries.set(JSON.stringify(entry), entry);
      yield;
    }
  }
  return [...entries.values()];
}

/** Every index entry of a resource, computed from the R4 search parameters of its type. */
export function extractSearchIndex(resource: Resource): SearchIndexEntry[] {
  const steps = indexSteps(resource);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `extractSearchIndex` that awaits `pace()` between steps (see `workPacer`), so that the
 * index of a large resource is computed without holding the event loop in one piece.
 */
export async function extractSearchIndexPaced(
  resource: Resource,
  pace: () => Promise<void>,
): Promise<SearchIndexEntry[]> {
  const steps = indexSteps(resource);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pace();
  }
}

function entriesFor(code: string, type: string, values: TypedValue[]): SearchIndexEntry[] {
  switch (type) {
    case 'string':
      return stringsOf(values).map((text) =>
        entry(code, 'string', { value: normalizeSearchText(text), exact: text }),
      );
    case 'token':
      return convertToSearchableTokens(values, { textSearchSystem: TEXT_MARKER }).map((token) =>
        token.system === TEXT_MARKER
          ? entry(code, 'text', { value: normalizeSearchText(token.value ?? '') })
          : entry(code, 'token', { system: token.system ?? null, value: token.value ?? null }),
      );
    case 'reference':
      return convertToSearchableReferences(values)
        .filter((reference) => !reference.startsWith('identifier:'))
        .map((reference) => entry(code, 'reference', { value: canonicalReference(reference) }));
    case 'date':
      return spansOf(values).map((span) => entry(code, 'date', { low: span.low, high: span.high }));
    case 'number':
      return numbersOf(values).map(([low, high]) =>
        entry(code, 'number', { numLow: low, numHigh: high }),
      );
    case 'quantity':
      return quantitiesOf(values).map((quantity) => entry(code, 'quantity', quantity));
    case 'uri':
      return values
        .filter((value) => typeof value.value === 'string')
        .map((value) => entry(code, 'uri', { value: value.value as string }));
    default:
      return [];
  }
}

/** `Patient/1`, also when written as an absolute URL or with a version. */
export function canonicalReference(reference: string): string {
  const match = REFERENCE_TAIL.exec(reference);
  return match ? `${match[1]}/${match[2]}` : reference;
}

function entry(code: string, kind: IndexKind, fields: Partial<SearchIndexEntry>): SearchIndexEntry {
  return {
    code,
    kind,
    system: fields.system ?? null,
    value: fields.value ?? null,
    exact: fields.exact ?? null,
    low: fields.low ?? null,
    high: fields.high ?? null,
    numLow: fields.numLow ?? null,
    numHigh: fields.numHigh ?? null,
  };
}

function stringsOf(values: TypedValue[]): string[] {
  const strings: string[] = [];
  for (const { type, value } of values) {
    if (typeof value === 'string') strings.push(value);
    else if (type === 'HumanName') strings.push(...humanNameParts(value as HumanName));
    else if (type === 'Address') strings.push(...addressParts(value as Address));
  }
  return [...new Set(strings.filter((text) => text.trim() !== ''))];
}

function humanNameParts(name: HumanName): string[] {
  return [
    name.text,
    name.family,
    ...(name.given ?? []),
    ...(name.prefix ?? []),
    ...(name.suffix ?? []),
  ].filter((part): part is string => typeof part === 'string');
}

function addressParts(address: Address): string[] {
  return [
    address.text,
    ...(address.line ?? []),
    address.city,
    address.district,
    address.state,
    address.postalCode,
    address.country,
  ].filter((part): part is string => typeof part === 'string');
}

function spansOf(values: TypedValue[]): TimeSpan[] {
  const spans: (TimeSpan | undefined)[] = [];
  for (const { type, value } of values) {
    if (typeof value === 'string') spans.push(parseFhirDateSpan(value));
    else if (type === 'Period') {
      const period = value as Period;
      spans.push(periodSpan(period.start, period.end));
    } else if (type === 'Timing') {
      for (const event of (value as Timing).event ?? []) spans.push(parseFhirDateSpan(event));
    }
  }
  return spans.filter((span): span is TimeSpan => span !== undefined);
}

function numbersOf(values: TypedValue[]): [number | null, number | null][] {
  const numbers: [number | null, number | null][] = [];
  for (const { type, value } of values) {
    if (typeof value === 'number') numbers.push([value, value]);
    else if (type === 'Range') {
      const range = value as { low?: { value?: number }; high?: { value?: number } };
      numbers.push([range.low?.value ?? null, range.high?.value ?? null]);
    }
  }
  return numbers;
}

function quantitiesOf(values: TypedValue[]): Partial<SearchIndexEntry>[] {
  const quantities: Partial<SearchIndexEntry>[] = [];
  for (const { value } of values) {
    if (typeof value === 'number') quantities.push({ numLow: value, numHigh: value });
    else if (isQuantity(value)) {
      quantities.push({
        numLow: value.value,
        numHigh: value.value,
        system: value.system ?? null,
        value: value.code ?? value.unit ?? null,
      });
    }
  }
  return quantities;
}

function isQuantity(
  value: unknown,
): value is { value: number; system?: string; code?: string; unit?: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { value?: unknown }).value === 'number'
  );
}
