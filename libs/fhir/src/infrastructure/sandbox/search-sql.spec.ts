import { parseSearchRequest } from '@medplum/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFhirDefinitions } from '../../domain/fhir-definitions.js';
import { planSearch } from '../../domain/search/search-plan.js';
import { normalizeSearchQuery } from '../../domain/search/search-query.js';
import { buildSearchSql } from './search-sql.js';

const sql = (type: string, query: Record<string, string>) =>
  buildSearchSql('acct', planSearch(parseSearchRequest(type, normalizeSearchQuery(type, query))));

/** Every placeholder the statement uses, in order of first use. */
const placeholders = (text: string) => [
  ...new Set([...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]))),
];

describe('search SQL', () => {
  beforeAll(() => loadFhirDefinitions());

  it('scopes every statement to the account and type, and never inlines values', () => {
    const built = sql('Patient', { name: "o'brien", birthdate: 'gt2000', _sort: '-family' });
    expect(built.where).toMatch(
      /^r\.account_id = \$1 AND r\.resource_type = \$2 AND NOT r\.deleted/,
    );
    expect(built.where).not.toContain("o'brien");
    expect(built.parameters.values.slice(0, 2)).toEqual(['acct', 'Patient']);
  });

  it.each([
    ['Patient', { birthdate: 'gt2000' }],
    ['Patient', { birthdate: 'eq2000', _lastUpdated: 'lt2020' }],
    ['Observation', { 'value-quantity': '5.4|http://unitsofmeasure.org|mg' }],
    ['Observation', { 'value-quantity': 'ap100' }],
    ['Patient', { _sort: 'birthdate,-family', gender: 'male' }],
  ])('uses exactly the parameters of its WHERE clause first (%s %j)', (type, query) => {
    const built = sql(type, query);
    expect(placeholders(built.where)).toEqual(
      Array.from({ length: built.whereParameterCount }, (_, index) => index + 1),
    );
    expect(placeholders(`${built.where} ORDER BY ${built.orderBy}`)).toHaveLength(
      built.parameters.values.length,
    );
  });
});
