import {
  ageInYears,
  formatDateParts,
  parseFhirDate,
  unknownPatternLetters,
} from '../fhir/fhir-date.js';
import { formatFhirValue } from '../fhir/format-value.js';
import type { TypedValue } from '../fhirpath/fhirpath-engine.js';

export interface FilterContext {
  /** The moment ages are computed at; injected so that rendering is reproducible. */
  now: Date;
}

export interface FilterOutcome {
  values: TypedValue[];
  /** Why values were dropped, for the warnings of the response. */
  notes: string[];
}

interface FilterDefinition {
  argument: 'none' | 'optional' | 'required';
  checkArgument?: (argument: string) => string | null;
  apply(values: TypedValue[], argument: string | null, context: FilterContext): FilterOutcome;
}

export const DEFAULT_DATE_PATTERN = 'yyyy-MM-dd';
export const DEFAULT_DATETIME_PATTERN = 'yyyy-MM-dd HH:mm';
export const DEFAULT_JOIN_SEPARATOR = ' ';

/** Text of one value as it appears in a rendered summary. */
export function valueText(value: TypedValue): string {
  return formatFhirValue(value.value, value.fhirType) ?? '';
}

const checkPattern = (pattern: string): string | null => {
  const unknown = unknownPatternLetters(pattern);
  return unknown.length === 0
    ? null
    : `date pattern '${pattern}' has unknown fields ${unknown.join(', ')} (put literal text in "double quotes")`;
};

function mapValues(
  values: TypedValue[],
  name: string,
  transform: (value: TypedValue) => TypedValue | null,
): FilterOutcome {
  const notes: string[] = [];
  const mapped: TypedValue[] = [];
  for (const value of values) {
    const result = transform(value);
    if (result === null) notes.push(`${name}: "${valueText(value)}" is not a date`);
    else mapped.push(result);
  }
  return { values: mapped, notes };
}

function dateFilter(defaultPattern: string): FilterDefinition {
  return {
    argument: 'optional',
    checkArgument: checkPattern,
    apply: (values, pattern, _context) =>
      mapValues(values, defaultPattern === DEFAULT_DATE_PATTERN ? 'date' : 'datetime', (value) => {
        const parts = parseFhirDate(value.value);
        if (parts === null) return null;
        // A value without the fields the pattern asks for is shown as written.
        return { value: formatDateParts(parts, pattern ?? defaultPattern) ?? String(value.value) };
      }),
  };
}

const textFilter = (transform: (text: string) => string): FilterDefinition => ({
  argument: 'none',
  apply: (values) => ({
    values: values.map((value) => ({ value: transform(valueText(value)) })),
    notes: [],
  }),
});

/** The filters a placeholder may chain; each maps the list of values to a new list. */
export const FILTERS: Record<string, FilterDefinition> = {
  age: {
    argument: 'none',
    apply: (values, _argument, context) =>
      mapValues(values, 'age', (value) => {
        const parts = parseFhirDate(value.value);
        return parts === null ? null : { value: ageInYears(parts, context.now) };
      }),
  },
  date: dateFilter(DEFAULT_DATE_PATTERN),
  datetime: dateFilter(DEFAULT_DATETIME_PATTERN),
  upper: textFilter((text) => text.toUpperCase()),
  lower: textFilter((text) => text.toLowerCase()),
  capitalize: textFilter((text) => text.charAt(0).toUpperCase() + text.slice(1)),
  first: { argument: 'none', apply: (values) => ({ values: values.slice(0, 1), notes: [] }) },
  last: { argument: 'none', apply: (values) => ({ values: values.slice(-1), notes: [] }) },
  join: {
    argument: 'optional',
    apply: (values, separator) => ({
      values:
        values.length === 0
          ? []
          : [
              {
                value: values
                  .map(valueText)
                  .filter((text) => text !== '')
                  .join(separator ?? DEFAULT_JOIN_SEPARATOR),
              },
            ],
      notes: [],
    }),
  },
  count: {
    argument: 'none',
    apply: (values) => ({ values: [{ value: values.length }], notes: [] }),
  },
  default: {
    argument: 'required',
    apply: (values, fallback) => ({
      values: values.length > 0 ? values : [{ value: fallback ?? '' }],
      notes: [],
    }),
  },
};

export const FILTER_NAMES = Object.keys(FILTERS);

/** Why a filter call is not allowed, or null when it is. */
export function filterCallProblem(name: string, argument: string | null): string | null {
  const definition = FILTERS[name];
  if (!definition) return `unknown filter "${name}" (known filters: ${FILTER_NAMES.join(', ')})`;
  if (definition.argument === 'none' && argument !== null)
    return `filter ${name} takes no argument`;
  if (definition.argument === 'required' && argument === null) {
    return `filter ${name} needs an argument, as in ${name}:'…'`;
  }
  return argument !== null && definition.checkArgument ? definition.checkArgument(argument) : null;
}
