import { parseOnBehalfOf, parseProviderTokens } from '@app/fhir-provider';
import type { CallerFhirContext } from '../../application/caller-context.js';

export const ON_BEHALF_OF_HEADER = 'x-service-on-behalf-of';
export const FHIR_PROVIDER_HEADER = 'x-service-fhir-provider';

/** The two optional headers of the spec's creation endpoints (a malformed one is a 400). */
export function callerContext(
  onBehalfOf: string | undefined,
  providerTokens: string | undefined,
): CallerFhirContext {
  return {
    providerTokens: parseProviderTokens(providerTokens),
    onBehalfOf: parseOnBehalfOf(onBehalfOf),
  };
}
