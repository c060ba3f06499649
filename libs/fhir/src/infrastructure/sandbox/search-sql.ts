import type {
  Comparator,
  Condition,
  Criterion,
  SearchPlan,
  SortKey,
} from '../../domain/search/search-plan.js';
import { SqlParameters } from './sql-parameters.js';

/**
 * Translates a search plan into SQL over the sandbox tables. Every statement is scoped to
 * the account and resource type; each index condition is an EXISTS over the index rows of
 * one search parameter, so several values of one element never combine across rows.
 */
export interface SearchSql {
  where: string;
  orderBy: string;
  parameters: SqlParameters;
  /** How many of the parameters the WHERE clause uses (the ORDER BY adds its own after them). */
  whereParameterCount: number;
}

const INDEX_ROWS_OF_R =
  'FROM fhir_sandbox_search_index i WHERE i.account_id = r.account_id AND i.resource_type = r.resource_type AND i.resource_id = r.id';

export function buildSearchSql(accountId: string, plan: SearchPlan): SearchSql {
  const parameters = new SqlParameters();
  const clauses = [
    `r.account_id = ${parameters.add(accountId)}`,
    `r.resource_type = ${parameters.add(plan.resourceType)}`,
    'NOT r.deleted',
    ...plan.conditions.map((condition) => conditionSql(condition, parameters)),
  ];
  const whereParameterCount = parameters.values.length;
  const orderBy = [...plan.sort.map((key) => sortSql(key, parameters)), 'r.last_updated', 'r.id'];
  return {
    where: clauses.join(' AND '),
    orderBy: orderBy.join(', '),
    parameters,
    whereParameterCount,
  };
}

function conditionSql(condition: Condition, parameters: SqlParameters): string {
  switch (condition.on) {
    case 'id': {
      const inList = `r.id IN (${parameters.list(condition.ids)})`;
      return condition.negate ? `NOT (${inList})` : inList;
    }
    case 'lastUpdated':
      return anyOf(condition.criteria.map((criterion) => lastUpdatedSql(criterion, parameters)));
    case 'presence': {
      const exists = `EXISTS (SELECT 1 ${INDEX_ROWS_OF_R} AND i.code = ${parameters.add(condition.code)})`;
      return condition.present ? exists : `NOT ${exists}`;
    }
    case 'index': {
      const code = parameters.add(condition.code);
      const criteria = anyOf(
        condition.criteria.map((criterion) => criterionSql(criterion, parameters)),
      );
      const exists = `EXISTS (SELECT 1 ${INDEX_ROWS_OF_R} AND i.code = ${code} AND ${criteria})`;
      return condition.negate ? `NOT ${exists}` : exists;
    }
  }
}

function criterionSql(criterion: Criterion, parameters: SqlParameters): string {
  switch (criterion.type) {
    case 'string': {
      const value = `${parameters.add(criterion.value)}::text`;
      if (criterion.match === 'exact') return `(i.kind = 'string' AND i.exact = ${value})`;
      if (criterion.match === 'contains')
        return `(i.kind = 'string' AND strpos(i.value, ${value}) > 0)`;
      return `(i.kind = 'string' AND left(i.value, length(${value})) = ${value})`;
    }
    case 'text':
      return `(i.kind = 'text' AND strpos(i.value, ${parameters.add(criterion.value)}::text) > 0)`;
    case 'token': {
      const parts = ["i.kind = 'token'"];
      if (criterion.system === null) parts.push('i.system IS NULL');
      else if (criterion.system !== undefined)
        parts.push(`i.system = ${parameters.add(criterion.system)}`);
      if (criterion.code !== undefined) parts.push(`i.value = ${parameters.add(criterion.code)}`);
      return `(${parts.join(' AND ')})`;
    }
    case 'reference': {
      if (!criterion.idOnly)
        return `(i.kind = 'reference' AND i.value = ${parameters.add(criterion.reference)})`;
      const suffix = `${parameters.add(`/${criterion.reference}`)}::text`;
      return `(i.kind = 'reference' AND (i.value = ${parameters.add(criterion.reference)} OR right(i.value, length(${suffix})) = ${suffix}))`;
    }
    case 'date':
      return dateSql(
        criterion.comparator,
        "COALESCE(i.low, '-infinity'::timestamptz)",
        "COALESCE(i.high, 'infinity'::timestamptz)",
        parameters.lazy(criterion.low, 'timestamptz'),
        parameters.lazy(criterion.high, 'timestamptz'),
      );
    case 'number':
    case 'quantity': {
      const parts = [numberSql(criterion, parameters)];
      if (criterion.type === 'quantity') {
        if (criterion.system) parts.push(`i.system = ${parameters.add(criterion.system)}`);
        if (criterion.unit) parts.push(`i.value = ${parameters.add(criterion.unit)}`);
      }
      return `(${parts.join(' AND ')})`;
    }
    case 'uri': {
      const value = `${parameters.add(criterion.value)}::text`;
      if (criterion.match === 'below') return `(left(i.value, length(${value})) = ${value})`;
      if (criterion.match === 'above') return `(left(${value}, length(i.value)) = i.value)`;
      return `(i.value = ${value})`;
    }
  }
}

/** Target span [lo, hi) against the searched span [low, high), per FHIR R4 §3.1.1.4.2. */
function dateSql(
  comparator: Comparator,
  lo: string,
  hi: string,
  low: () => string,
  high: () => string,
): string {
  switch (comparator) {
    case 'eq':
      return `(${lo} >= ${low()} AND ${hi} <= ${high()})`;
    case 'ne':
      return `NOT (${lo} >= ${low()} AND ${hi} <= ${high()})`;
    case 'gt':
      return `(${hi} > ${high()})`;
    case 'lt':
      return `(${lo} < ${low()})`;
    case 'ge':
      return `(${hi} > ${low()})`;
    case 'le':
      return `(${lo} < ${high()})`;
    case 'sa':
      return `(${lo} >= ${high()})`;
    case 'eb':
      return `(${hi} <= ${low()})`;
    case 'ap':
      return `(${lo} < ${high()} AND ${hi} > ${low()})`;
  }
}

function numberSql(
  criterion: Extract<Criterion, { type: 'number' | 'quantity' }>,
  parameters: SqlParameters,
): string {
  const lo = "COALESCE(i.num_low, '-Infinity'::numeric)";
  const hi = "COALESCE(i.num_high, 'Infinity'::numeric)";
  const lazyValue = parameters.lazy(criterion.value, 'numeric');
  switch (criterion.comparator) {
    case 'eq':
    case 'ne': {
      const equal = `(${lo} >= ${parameters.add(criterion.low)}::numeric AND ${hi} < ${parameters.add(criterion.high)}::numeric)`;
      return criterion.comparator === 'eq' ? equal : `NOT ${equal}`;
    }
    case 'gt':
    case 'sa':
      return `${hi} > ${lazyValue()}`;
    case 'lt':
    case 'eb':
      return `${lo} < ${lazyValue()}`;
    case 'ge':
      return `${hi} >= ${lazyValue()}`;
    case 'le':
      return `${lo} <= ${lazyValue()}`;
    case 'ap': {
      // Approximately: within 10 % of the value.
      const margin = Math.abs(criterion.value) * 0.1;
      return `(${lo} <= ${parameters.add(criterion.value + margin)}::numeric AND ${hi} >= ${parameters.add(criterion.value - margin)}::numeric)`;
    }
  }
}

/** `_lastUpdated` is an instant: the point t against the searched span [low, high). */
function lastUpdatedSql(
  criterion: Extract<Criterion, { type: 'date' }>,
  parameters: SqlParameters,
): string {
  const low = parameters.lazy(criterion.low, 'timestamptz');
  const high = parameters.lazy(criterion.high, 'timestamptz');
  const t = 'r.last_updated';
  switch (criterion.comparator) {
    case 'eq':
    case 'ap':
      return `(${t} >= ${low()} AND ${t} < ${high()})`;
    case 'ne':
      return `NOT (${t} >= ${low()} AND ${t} < ${high()})`;
    case 'gt':
    case 'sa':
      return `${t} >= ${high()}`;
    case 'lt':
    case 'eb':
      return `${t} < ${low()}`;
    case 'ge':
      return `${t} >= ${low()}`;
    case 'le':
      return `${t} < ${high()}`;
  }
}

const SORT_COLUMN: Record<string, string> = {
  string: 'i.value',
  token: 'i.value',
  text: 'i.value',
  reference: 'i.value',
  uri: 'i.value',
  date: 'i.low',
  number: 'i.num_low',
  quantity: 'i.num_low',
};

function sortSql(key: SortKey, parameters: SqlParameters): string {
  const direction = key.descending ? 'DESC' : 'ASC';
  if (key.kind === 'id') return `r.id ${direction}`;
  if (key.kind === 'lastUpdated') return `r.last_updated ${direction}`;
  const aggregate = key.descending ? 'max' : 'min';
  const code = parameters.add(key.code);
  const kind = parameters.add(key.kind);
  return `(SELECT ${aggregate}(${SORT_COLUMN[key.kind]}) ${INDEX_ROWS_OF_R} AND i.code = ${code} AND i.kind = ${kind}) ${direction} NULLS LAST`;
}

function anyOf(clauses: string[]): string {
  return clauses.length === 1 ? clauses[0] : `(${clauses.join(' OR ')})`;
}
