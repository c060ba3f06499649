import type { Resource } from '../../domain/fhir-types.js';
import { canonicalKeyOrder } from '../../domain/resource/resource-rules.js';

/** A jsonb column as a resource (drivers hand back either text or parsed JSON). */
export function parseContent<T>(content: unknown): T {
  const resource = (typeof content === 'string' ? JSON.parse(content) : content) as Resource;
  return canonicalKeyOrder(resource) as T;
}
