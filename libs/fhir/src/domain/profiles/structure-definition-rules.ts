import { isResourceType } from '@medplum/core';
import { DomainError } from '@app/shared';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import { FHIR_ID } from '../resource/resource-rules.js';
import { RESERVED_GUIDE } from './custom-profile.js';

export interface ProfileIdentity {
  id: string;
  url: string;
  resourceType: string;
  version?: string;
  fhirVersion?: string;
}

/**
 * Checks that `value` is an R4 StructureDefinition a profile can be made of: `url`, a
 * resource `type`, a `baseDefinition`, and a differential or a snapshot with elements whose
 * paths are under the type. Every problem is named in one 400. The id is the lowercase
 * StructureDefinition id, else the last segment of the url.
 */
export function profileIdentity(value: unknown): ProfileIdentity {
  loadFhirDefinitions();
  const problems: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(['structure_definition must be a JSON object']);
  }
  const sd = value as Record<string, unknown>;
  if (sd.resourceType !== 'StructureDefinition') {
    problems.push('resourceType must be "StructureDefinition"');
  }
  const url = typeof sd.url === 'string' ? sd.url : '';
  if (!/^[a-z][a-z0-9+.-]*:\/\/\S+$|^urn:\S+$/i.test(url)) {
    problems.push('url must be an absolute canonical URL');
  }
  const type = typeof sd.type === 'string' ? sd.type : '';
  if (!isResourceType(type)) problems.push(`type "${type}" is not an R4 resource type`);
  if (typeof sd.baseDefinition !== 'string' || sd.baseDefinition === '') {
    problems.push('baseDefinition is required');
  }
  if (
    sd.fhirVersion !== undefined &&
    (typeof sd.fhirVersion !== 'string' || !sd.fhirVersion.startsWith('4.0'))
  ) {
    problems.push(`fhirVersion ${JSON.stringify(sd.fhirVersion)} is not R4 (4.0.x)`);
  }
  const elements = [...elementsOf(sd.snapshot), ...elementsOf(sd.differential)];
  if (elements.length === 0)
    problems.push('a differential or a snapshot with elements is required');
  const badPaths = elements
    .map((element) => (element as { path?: unknown }).path)
    .filter((path) => typeof path !== 'string' || (path !== type && !path.startsWith(`${type}.`)));
  if (type !== '' && badPaths.length > 0) {
    problems.push(
      `element paths must start with "${type}": ${badPaths.slice(0, 5).map(String).join(', ')}`,
    );
  }
  const rawId = typeof sd.id === 'string' && sd.id !== '' ? sd.id : (url.split(/[/#]/).pop() ?? '');
  const id = rawId.toLowerCase();
  if (!FHIR_ID.test(id)) problems.push(`id "${rawId}" is not a valid FHIR id`);
  if (problems.length > 0) throw invalid(problems);
  return {
    id,
    url,
    resourceType: type,
    version: typeof sd.version === 'string' ? sd.version : undefined,
    fhirVersion: typeof sd.fhirVersion === 'string' ? sd.fhirVersion : undefined,
  };
}

/** An implementation guide name: 1–64 letters, digits, `-`, `_` or `.`; never the reserved one. */
export function checkGuideName(name: string): string {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) {
    throw new DomainError(
      'invalid',
      'FHIR_PROFILES.INVALID_GUIDE_NAME',
      'implementation_guide must be 1-64 letters, digits, ".", "_" or "-"',
    );
  }
  if (name.toLowerCase() === RESERVED_GUIDE) {
    throw new DomainError(
      'forbidden',
      'FHIR_PROFILES.RESERVED_GUIDE',
      `"${RESERVED_GUIDE}" is reserved for the built-in US Core profiles`,
    );
  }
  return name;
}

function elementsOf(part: unknown): unknown[] {
  const element = (part as { element?: unknown } | undefined)?.element;
  return Array.isArray(element) ? element : [];
}

function invalid(problems: string[]): DomainError {
  return new DomainError(
    'invalid',
    'FHIR_PROFILES.INVALID_STRUCTURE_DEFINITION',
    `The StructureDefinition is not usable as a profile: ${problems.join('; ')}`,
    { problems },
  );
}
