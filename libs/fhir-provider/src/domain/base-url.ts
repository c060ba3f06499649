import { FhirProviderError } from './fhir-provider-error.js';

/** A provider's base URL: absolute http(s), no credentials, query or fragment; no trailing slash. */
export function normalizeBaseUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw invalid('base_url is not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`base_url must use http or https (got ${url.protocol})`);
  }
  if (url.username || url.password) throw invalid('base_url must not carry credentials');
  if (url.search || url.hash) throw invalid('base_url must not have a query or a fragment');
  return url.toString().replace(/\/+$/, '');
}

function invalid(message: string): FhirProviderError {
  return new FhirProviderError('invalid', 'FHIR_PROVIDER.INVALID_BASE_URL', message, [
    { field: 'base_url', problems: [message] },
  ]);
}
