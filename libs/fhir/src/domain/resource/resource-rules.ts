import { badRequest, isResourceType, OperationOutcomeError } from '@medplum/core';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import type { Meta, Resource } from '../fhir-types.js';
import { throwIfInvalid, validateInThread, type R4Validation } from '../input/r4-validation.js';

/** FHIR R4 logical id: 1 to 64 of A-Z a-z 0-9 - . */
export const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/**
 * Refuses anything that is not a structurally valid R4 resource (against the loaded
 * StructureDefinitions), with an OperationOutcome naming each problem and its path: what
 * Medplum's `validateResource` throws. `validate` decides where R4 validation runs.
 */
export async function assertValidResource(
  input: unknown,
  validate: R4Validation = validateInThread,
  signal?: AbortSignal,
): Promise<Resource> {
  loadFhirDefinitions();
  assertResourceShape(input);
  throwIfInvalid(await validate(input as unknown as Record<string, unknown>, signal));
  return input;
}

/** A JSON object of a known resource type with a well-formed id, or an OperationOutcomeError. */
function assertResourceShape(input: unknown): asserts input is Resource {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new OperationOutcomeError(badRequest('The body must be a FHIR resource (a JSON object)'));
  }
  const resourceType = (input as { resourceType?: unknown }).resourceType;
  if (typeof resourceType !== 'string' || !isResourceType(resourceType)) {
    throw new OperationOutcomeError(
      badRequest(
        typeof resourceType === 'string'
          ? `Unknown resource type "${resourceType}"`
          : 'The resource has no resourceType',
        'resourceType',
      ),
    );
  }
  const id = (input as { id?: unknown }).id;
  if (id !== undefined && (typeof id !== 'string' || !FHIR_ID.test(id))) {
    throw new OperationOutcomeError(
      badRequest(
        'id must be 1 to 64 characters of A-Z, a-z, 0-9, "-" and "."',
        `${resourceType}.id`,
      ),
    );
  }
}

/** The stored form of a version: server-owned meta fields set, the usual keys first. */
export function stampVersion<T extends Resource>(
  resource: T,
  id: string,
  versionId: string,
  lastUpdated: Date,
): T & { id: string } {
  const { resourceType, meta, ...rest } = resource;
  delete (rest as { id?: string }).id;
  const stampedMeta: Meta = { ...meta, versionId, lastUpdated: lastUpdated.toISOString() };
  return { resourceType, id, meta: stampedMeta, ...rest } as unknown as T & { id: string };
}

/** Puts resourceType, id and meta first again (jsonb does not keep key order). */
export function canonicalKeyOrder<T extends Resource>(resource: T): T {
  const { resourceType, id, meta, ...rest } = resource;
  return {
    resourceType,
    ...(id === undefined ? {} : { id }),
    ...(meta ? { meta } : {}),
    ...rest,
  } as T;
}
