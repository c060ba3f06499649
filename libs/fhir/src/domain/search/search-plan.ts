import {
  badRequest,
  getSearchParameter,
  OperationOutcomeError,
  Operator,
  type Filter,
  type IncludeTarget,
  type SearchRequest,
} from '@medplum/core';
import { parseFhirDateSpan } from './date-range.js';
import { canonicalReference, COLUMN_PARAMETERS, type IndexKind } from './search-index.js';
import { normalizeSearchText } from './search-text.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export type Comparator = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'sa' | 'eb' | 'ap';

export type Criterion =
  | { type: 'string'; match: 'prefix' | 'exact' | 'contains'; value: string }
  /** `system` undefined: any system; null: no system. `code` undefined: any code. */
  | { type: 'token'; system?: string | null; code?: string }
  | { type: 'text'; value: string }
  | { type: 'reference'; reference: string; idOnly: boolean }
  | { type: 'date'; comparator: Comparator; low: string; high: string }
  | {
      type: 'number' | 'quantity';
      comparator: Comparator;
      value: number;
      low: number;
      high: number;
      system?: string;
      unit?: string;
    }
  | { type: 'uri'; match: 'eq' | 'below' | 'above'; value: string };

export type Condition =
  | { on: 'id'; ids: string[]; negate: boolean }
  | { on: 'lastUpdated'; criteria: Extract<Criterion, { type: 'date' }>[] }
  /** At least one criterion matches an index entry of `code` (none, when negated). */
  | { on: 'index'; code: string; criteria: Criterion[]; negate: boolean }
  | { on: 'presence'; code: string; present: boolean };

export interface SortKey {
  code: string;
  kind: 'id' | 'lastUpdated' | IndexKind;
  descending: boolean;
}

export interface IncludePlan {
  /** The type holding the reference (the searched type for _include). */
  sourceType: string;
  code: string;
  targetType?: string;
}

export interface SearchPlan {
  resourceType: string;
  conditions: Condition[];
  sort: SortKey[];
  count: number;
  offset: number;
  withTotal: boolean;
  include: IncludePlan[];
  revInclude: IncludePlan[];
  elements?: string[];
}

/** Turns a parsed FHIR search into the conditions, order and page the store answers. */
export function planSearch(request: SearchRequest): SearchPlan {
  const { resourceType } = request;
  if (request.types?.length) throw invalid('_type is only allowed in a system-level search');
  if (request.cursor !== undefined) throw invalid('_cursor is not supported; page with _offset');
  const count = request.count ?? DEFAULT_PAGE_SIZE;
  const offset = request.offset ?? 0;
  if (!Number.isSafeInteger(count) || count < 0) throw invalid('_count must be a whole number ≥ 0');
  // PostgreSQL's OFFSET is a bigint: past 2^53 a number is no longer exact anyway.
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw invalid(`_offset must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
  return {
    resourceType,
    conditions: (request.filters ?? []).map((filter) => conditionFor(resourceType, filter)),
    sort: (request.sortRules ?? []).map((rule) =>
      sortKeyFor(resourceType, rule.code, rule.descending),
    ),
    count: Math.min(count, MAX_PAGE_SIZE),
    offset,
    withTotal: request.total !== 'none',
    include: (request.include ?? []).map((target) => includeFor(resourceType, target, false)),
    revInclude: (request.revInclude ?? []).map((target) => includeFor(resourceType, target, true)),
    elements: request.fields,
  };
}

function conditionFor(resourceType: string, filter: Filter): Condition {
  const { code, operator } = filter;
  const type = parameterType(resourceType, code);
  if (operator === Operator.MISSING || operator === Operator.PRESENT) {
    if (filter.value !== 'true' && filter.value !== 'false') {
      throw invalid(`${code}:${operator} takes true or false (got "${filter.value}")`);
    }
    const missing = (operator === Operator.MISSING) === (filter.value === 'true');
    if (COLUMN_PARAMETERS.has(code)) throw invalid(`${code} is always present`);
    return { on: 'presence', code, present: !missing };
  }
  const values = splitValues(filter.value);
  if (code === '_id') {
    if (operator !== Operator.EQUALS && operator !== Operator.NOT) {
      throw invalid(`_id does not support the ${operator} modifier`);
    }
    return { on: 'id', ids: values, negate: operator === Operator.NOT };
  }
  if (code === '_lastUpdated') {
    return {
      on: 'lastUpdated',
      criteria: values.map((value) => dateCriterion(code, operator, value)),
    };
  }
  const negate = type === 'token' && operator === Operator.NOT;
  return {
    on: 'index',
    code,
    negate,
    criteria: values.map((value) => criterionFor(code, type, operator, value)),
  };
}

function criterionFor(code: string, type: string, operator: Operator, value: string): Criterion {
  switch (type) {
    case 'string':
      if (operator === Operator.EXACT) return { type: 'string', match: 'exact', value };
      return {
        type: 'string',
        match: operator === Operator.CONTAINS ? 'contains' : 'prefix',
        value: normalizeSearchText(value),
      };
    case 'token':
      if (operator === Operator.TEXT) return { type: 'text', value: normalizeSearchText(value) };
      return tokenCriterion(value);
    case 'reference':
      return referenceCriterion(value);
    case 'date':
      return dateCriterion(code, operator, value);
    case 'number':
    case 'quantity':
      return numericCriterion(code, type, operator, value);
    case 'uri':
      return {
        type: 'uri',
        match: operator === Operator.BELOW ? 'below' : operator === Operator.ABOVE ? 'above' : 'eq',
        value,
      };
    default:
      throw invalid(`Search parameter "${code}" of type ${type} is not supported`);
  }
}

function tokenCriterion(value: string): Criterion {
  const bar = value.indexOf('|');
  if (bar < 0) return { type: 'token', code: value };
  const system = value.slice(0, bar);
  const code = value.slice(bar + 1);
  return {
    type: 'token',
    system: system === '' ? null : system,
    code: code === '' ? undefined : code,
  };
}

function referenceCriterion(value: string): Criterion {
  if (value.includes('/')) {
    return { type: 'reference', reference: canonicalReference(value), idOnly: false };
  }
  return { type: 'reference', reference: value, idOnly: true };
}

const DATE_COMPARATORS: Partial<Record<Operator, Comparator>> = {
  [Operator.EQUALS]: 'eq',
  [Operator.NOT_EQUALS]: 'ne',
  [Operator.GREATER_THAN]: 'gt',
  [Operator.LESS_THAN]: 'lt',
  [Operator.GREATER_THAN_OR_EQUALS]: 'ge',
  [Operator.LESS_THAN_OR_EQUALS]: 'le',
  [Operator.STARTS_AFTER]: 'sa',
  [Operator.ENDS_BEFORE]: 'eb',
  [Operator.APPROXIMATELY]: 'ap',
};

function comparatorFor(code: string, operator: Operator): Comparator {
  const comparator = DATE_COMPARATORS[operator];
  if (!comparator) throw invalid(`The prefix or modifier "${operator}" is not valid for ${code}`);
  return comparator;
}

function dateCriterion(
  code: string,
  operator: Operator,
  value: string,
): Extract<Criterion, { type: 'date' }> {
  const span = parseFhirDateSpan(value);
  if (!span?.low || !span.high) {
    throw invalid(
      `"${value}" is not a valid date for ${code} (use YYYY, YYYY-MM, YYYY-MM-DD or a dateTime)`,
    );
  }
  return {
    type: 'date',
    comparator: comparatorFor(code, operator),
    low: span.low,
    high: span.high,
  };
}

function numericCriterion(
  code: string,
  type: 'number' | 'quantity',
  operator: Operator,
  text: string,
): Criterion {
  const [numberText, system, unit] = text.split('|');
  const value = Number(numberText);
  if (numberText.trim() === '' || !Number.isFinite(value)) {
    throw invalid(`"${text}" is not a valid ${type} for ${code}`);
  }
  // Implicit precision: 100 means [99.5, 100.5), 100.0 means [99.95, 100.05).
  const decimals = /\.(\d+)/.exec(numberText)?.[1].length ?? 0;
  const half = 0.5 * 10 ** -decimals;
  return {
    type,
    comparator: comparatorFor(code, operator),
    value,
    low: value - half,
    high: value + half,
    system: system === undefined || system === '' ? undefined : system,
    unit: unit === undefined || unit === '' ? undefined : unit,
  };
}

function sortKeyFor(resourceType: string, code: string, descending = false): SortKey {
  if (code === '_id') return { code, kind: 'id', descending };
  if (code === '_lastUpdated') return { code, kind: 'lastUpdated', descending };
  const type = parameterType(resourceType, code);
  return { code, kind: type as IndexKind, descending };
}

function includeFor(resourceType: string, target: IncludeTarget, reverse: boolean): IncludePlan {
  const name = `${reverse ? '_revinclude' : '_include'}=${target.resourceType}:${target.searchParam}`;
  if (target.modifier) throw invalid(`${name}: :iterate is not supported`);
  if (!reverse && target.resourceType !== resourceType) {
    throw invalid(`${name}: _include must start with the searched type ${resourceType}`);
  }
  if (getSearchParameter(target.resourceType, target.searchParam)?.type !== 'reference') {
    throw invalid(
      `${name}: ${target.searchParam} is not a reference parameter of ${target.resourceType}`,
    );
  }
  return {
    sourceType: target.resourceType,
    code: target.searchParam,
    targetType: target.targetType,
  };
}

function parameterType(resourceType: string, code: string): string {
  const type = getSearchParameter(resourceType, code)?.type;
  if (!type) throw invalid(`Unknown search parameter "${code}" for ${resourceType}`);
  return type;
}

/** Comma means OR; a backslash escapes a literal comma. */
export function splitValues(input: string): string[] {
  const values: string[] = [];
  let current = '';
  let escaped = false;
  for (const character of input) {
    if (escaped) {
      current += character;
      escaped = false;
    } else if (character === '\\') escaped = true;
    else if (character === ',') {
      values.push(current);
      current = '';
    } else current += character;
  }
  values.push(current);
  return values;
}

function invalid(message: string): OperationOutcomeError {
  return new OperationOutcomeError(badRequest(message));
}
