import {
  checkFhirInput as checkOnThread,
  type InputCheck,
  type InputPolicyOptions,
} from '../../domain/input/input-policy.js';
import {
  conformResource as conformOnThread,
  type ConformedResource,
} from '../../domain/input/conform-resource.js';
import { sharedR4Validation } from './r4-validation-pool.js';

/**
 * The shared FHIR input policy (domain/input/input-policy.ts) with R4 validation through the
 * process's pool: a large resource is validated in a worker thread, so that neither a
 * Bundle nor one huge resource holds the event loop. Findings are the same either way.
 */
export function checkFhirInput(
  value: unknown,
  options: Omit<InputPolicyOptions, 'validate'>,
): Promise<InputCheck> {
  return checkOnThread(value, { ...options, validate: sharedR4Validation().validate });
}

/** `conformResource` with its validation rounds through the process's pool. */
export function conformResource(
  resource: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ConformedResource> {
  return conformOnThread(resource, sharedR4Validation().validate, signal);
}
