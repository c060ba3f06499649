import {
  badRequest,
  getSearchParameter,
  isResourceType,
  OperationOutcomeError,
} from '@medplum/core';

export type RawQuery = Record<string, string | string[] | undefined>;

/** Result parameters: they shape the answer rather than filter it. */
export const RESULT_PARAMETERS: ReadonlySet<string> = new Set([
  '_count',
  '_offset',
  '_sort',
  '_total',
  '_summary',
  '_elements',
  '_include',
  '_revinclude',
  '_format',
  '_pretty',
]);

const MODIFIERS_BY_TYPE: Record<string, readonly string[]> = {
  string: ['exact', 'contains', 'missing'],
  token: ['not', 'text', 'missing'],
  reference: ['missing'],
  date: ['missing'],
  number: ['missing'],
  quantity: ['missing'],
  uri: ['below', 'above', 'missing'],
};

/**
 * Checks every parameter name and modifier of a type-level search, and rewrites the
 * reference type modifier (`subject:Patient=1` becomes `subject=Patient/1`), so that the
 * parser downstream sees only standard names. Anything unsupported is a 400 naming it.
 */
export function normalizeSearchQuery(
  resourceType: string,
  query: RawQuery,
): Record<string, string[]> {
  const normalized: Record<string, string[]> = {};
  const add = (key: string, values: string[]) => {
    normalized[key] = [...(normalized[key] ?? []), ...values];
  };
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const values = Array.isArray(raw) ? raw : [raw];
    const [code, modifier] = splitKey(key);
    if (code === '_') continue;
    if (RESULT_PARAMETERS.has(code)) {
      if (modifier !== undefined && !(modifier === 'iterate' && code.endsWith('include'))) {
        throw invalid(`The modifier :${modifier} is not supported on ${code}`);
      }
      add(key, values);
      continue;
    }
    if (code === '_has') throw invalid('Reverse chaining (_has) is not supported by this server');
    if (code.includes('.')) {
      throw invalid(`Chained search parameters are not supported (got "${key}")`);
    }
    const parameter = getSearchParameter(resourceType, code);
    if (!parameter?.type || !(parameter.type in MODIFIERS_BY_TYPE)) {
      throw invalid(
        parameter
          ? `Search parameter "${code}" of type ${parameter.type} is not supported`
          : `Unknown search parameter "${code}" for ${resourceType}`,
      );
    }
    if (modifier === undefined) {
      add(code, values);
    } else if (parameter.type === 'reference' && isResourceType(modifier)) {
      add(
        code,
        values.map((value) =>
          value
            .split(',')
            .map((id) => (id.includes('/') ? id : `${modifier}/${id}`))
            .join(','),
        ),
      );
    } else if (MODIFIERS_BY_TYPE[parameter.type].includes(modifier)) {
      add(key, values);
    } else {
      throw invalid(
        `The modifier :${modifier} is not supported on the ${parameter.type} parameter "${code}"`,
      );
    }
  }
  return normalized;
}

function splitKey(key: string): [string, string | undefined] {
  const colon = key.indexOf(':');
  return colon < 0 ? [key, undefined] : [key.slice(0, colon), key.slice(colon + 1)];
}

function invalid(message: string): OperationOutcomeError {
  return new OperationOutcomeError(badRequest(message));
}
