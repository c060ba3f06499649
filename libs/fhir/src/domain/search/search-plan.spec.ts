import { OperationOutcomeError, parseSearchRequest } from '@medplum/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import { MAX_PAGE_SIZE, planSearch, splitValues } from './search-plan.js';
import { normalizeSearchQuery } from './search-query.js';

const plan = (type: string, query: Record<string, string>) =>
  planSearch(parseSearchRequest(type, normalizeSearchQuery(type, query)));

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof OperationOutcomeError)
      return error.outcome.issue?.[0]?.details?.text ?? '';
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('search planning', () => {
  beforeAll(() => loadFhirDefinitions());

  it('turns parameters into conditions: prefix strings, tokens, dates, references', () => {
    const { conditions } = plan('Observation', {
      'code:text': 'Gluc',
      code: 'http://loinc.org|2339-0,|x,sys|',
      date: 'ge2024-01',
      subject: 'Patient/1',
      patient: '7',
    });
    expect(conditions).toEqual([
      { on: 'index', code: 'code', negate: false, criteria: [{ type: 'text', value: 'gluc' }] },
      {
        on: 'index',
        code: 'code',
        negate: false,
        criteria: [
          { type: 'token', system: 'http://loinc.org', code: '2339-0' },
          { type: 'token', system: null, code: 'x' },
          { type: 'token', system: 'sys', code: undefined },
        ],
      },
      {
        on: 'index',
        code: 'date',
        negate: false,
        criteria: [
          {
            type: 'date',
            comparator: 'ge',
            low: '2024-01-01T00:00:00.000Z',
            high: '2024-02-01T00:00:00.000Z',
          },
        ],
      },
      {
        on: 'index',
        code: 'subject',
        negate: false,
        criteria: [{ type: 'reference', reference: 'Patient/1', idOnly: false }],
      },
      {
        on: 'index',
        code: 'patient',
        negate: false,
        criteria: [{ type: 'reference', reference: '7', idOnly: true }],
      },
    ]);
  });

  it('rewrites the reference type modifier and reads :missing, :not, _id and _lastUpdated', () => {
    expect(plan('Observation', { 'subject:Patient': '1,2' }).conditions[0]).toMatchObject({
      criteria: [{ reference: 'Patient/1' }, { reference: 'Patient/2' }],
    });
    expect(plan('Patient', { 'gender:missing': 'true' }).conditions[0]).toEqual({
      on: 'presence',
      code: 'gender',
      present: false,
    });
    expect(plan('Patient', { 'gender:not': 'male' }).conditions[0]).toMatchObject({ negate: true });
    expect(plan('Patient', { _id: 'a,b' }).conditions[0]).toEqual({
      on: 'id',
      ids: ['a', 'b'],
      negate: false,
    });
    expect(plan('Patient', { _lastUpdated: 'lt2020' }).conditions[0]).toMatchObject({
      on: 'lastUpdated',
    });
  });

  it('pages, sorts and includes', () => {
    const result = plan('Observation', {
      _count: '5000',
      _offset: '40',
      _sort: '-date,_id',
      _include: 'Observation:subject:Patient',
      _revinclude: 'Provenance:target',
      _total: 'none',
    });
    expect(result).toMatchObject({
      count: MAX_PAGE_SIZE,
      offset: 40,
      withTotal: false,
      sort: [
        { code: 'date', kind: 'date', descending: true },
        { code: '_id', kind: 'id', descending: false },
      ],
      include: [{ sourceType: 'Observation', code: 'subject', targetType: 'Patient' }],
      revInclude: [{ sourceType: 'Provenance', code: 'target' }],
    });
    expect(plan('Patient', {}).count).toBe(20);
  });

  it.each([
    [{ 'shoe-size': '4' }, 'Unknown search parameter "shoe-size"'],
    [{ 'name:below': 'x' }, 'The modifier :below is not supported'],
    [{ 'general-practitioner.name': 'x' }, 'Chained search parameters are not supported'],
    [{ '_has:Observation:subject:code': 'x' }, '_has'],
    [{ birthdate: 'someday' }, 'someday'],
    [{ _sort: 'shoe-size' }, 'shoe-size'],
    [{ _count: 'ten' }, '_count'],
    [{ _offset: '-3' }, '_offset'],
    [{ _include: 'Observation:subject' }, 'must start with the searched type Patient'],
    [{ _include: 'Patient:name' }, 'not a reference parameter'],
    [{ '_include:iterate': 'Patient:organization' }, ':iterate'],
    [{ 'gender:missing': 'maybe' }, 'true or false'],
    [{ _content: 'x' }, '_content'],
  ])('refuses %j naming the problem', (query, named) => {
    expect(refusal(() => plan('Patient', query))).toContain(named);
  });

  it('splits values on commas that are not escaped', () => {
    expect(splitValues('a,b\\,c,')).toEqual(['a', 'b,c', '']);
  });
});
