import { FhirProviderError } from './fhir-provider-error.js';

/**
 * The FHIR path of a gateway request: what follows `/fhir-provider/{id}/fhir` in the raw
 * URL path, percent-decoded (SDKs send `Patient%2F123` for `Patient/123`), without slashes
 * at the ends. A path that does not decode, or that climbs out of the base, is refused.
 */
export function gatewayFhirPath(rawRemainder: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawRemainder);
  } catch {
    throw new FhirProviderError(
      'invalid',
      'FHIR.INVALID_PATH',
      'The FHIR path is not validly percent-encoded',
    );
  }
  const path = decoded.replace(/^\/+|\/+$/g, '');
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new FhirProviderError(
      'invalid',
      'FHIR.INVALID_PATH',
      'The FHIR path may not contain "." or ".." segments',
    );
  }
  if (/[?#]/.test(path)) {
    throw new FhirProviderError(
      'invalid',
      'FHIR.INVALID_PATH',
      'The FHIR path may not contain "?" or "#"; send search parameters as query parameters',
    );
  }
  return path;
}
