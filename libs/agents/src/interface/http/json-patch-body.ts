import { createValidationPipe } from '@app/shared';
import { patchFailed } from '../../application/errors.js';
import { applyJsonPatch } from '../../domain/json-patch.js';

/**
 * PATCH = the PUT body the resource has now, with the JSON Patch applied, then validated
 * exactly like a PUT body (same DTO, same 400 listing every bad field).
 */
export async function patchedBody<T>(
  current: Record<string, unknown>,
  patch: unknown,
  type: new () => T,
): Promise<T> {
  const result = applyJsonPatch(current, patch);
  if (!result.ok) throw patchFailed(result.index, result.problem);
  const value = result.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw patchFailed(-1, 'the patched document must stay an object');
  }
  return (await createValidationPipe().transform(value, {
    type: 'body',
    metatype: type,
  })) as T;
}

/** The request content types of a JSON Patch: RFC 6902's, and the one the public API document names. */
export const JSON_PATCH_TYPES = ['application/json-patch+json', 'application/json+patch'];

/** The request body schema of a PATCH, for the service's own OpenAPI document. */
export const JSON_PATCH_SCHEMA = {
  type: 'array' as const,
  items: {
    type: 'object' as const,
    required: ['op', 'path'],
    properties: {
      op: { type: 'string' as const, enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
      path: { type: 'string' as const },
      from: { type: 'string' as const },
      value: {},
    },
  },
};
