import { getResourceTypes, getSearchParameters } from '@medplum/core';
import type {
  CapabilityStatement,
  CapabilityStatementRestResource,
  CapabilityStatementRestResourceSearchParam,
} from '../fhir-types.js';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import { RESULT_PARAMETERS } from '../search/search-query.js';
import { INDEXED_PARAMETER_TYPES } from '../search/search-index.js';

const INTERACTIONS = [
  'read',
  'vread',
  'update',
  'delete',
  'history-instance',
  'create',
  'search-type',
] as const;

/** What the sandbox answers at `GET [base]/metadata`: every R4 type and its supported searches. */
export function sandboxCapabilityStatement(baseUrl: string, software: string): CapabilityStatement {
  loadFhirDefinitions();
  const resource: CapabilityStatementRestResource[] = getResourceTypes()
    .filter((type: string) => type !== 'Resource' && type !== 'DomainResource')
    .sort()
    .map((type) => ({
      type,
      interaction: INTERACTIONS.map((code) => ({ code })),
      versioning: 'versioned',
      readHistory: true,
      updateCreate: true,
      conditionalCreate: true,
      conditionalUpdate: true,
      conditionalDelete: 'single',
      searchInclude: ['*'],
      searchRevInclude: ['*'],
      searchParam: searchParams(type),
    }));
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: new Date().toISOString(),
    kind: 'instance',
    software: { name: software },
    implementation: { description: 'Sandbox FHIR R4 server', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        resource,
        interaction: [{ code: 'transaction' }, { code: 'batch' }],
        searchParam: [...RESULT_PARAMETERS].map((name) => ({ name, type: 'special' })),
      },
    ],
  };
}

function searchParams(type: string): CapabilityStatementRestResourceSearchParam[] {
  return Object.entries(getSearchParameters(type) ?? {})
    .filter(([, parameter]) => INDEXED_PARAMETER_TYPES.has(parameter.type ?? ''))
    .map(([name, parameter]) => ({
      name,
      type: parameter.type,
      definition: parameter.url,
    }));
}
