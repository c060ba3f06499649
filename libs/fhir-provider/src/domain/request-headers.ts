import { FhirProviderError } from './fhir-provider-error.js';

const HEADER = 'X-Service-Fhir-Provider';

/**
 * Reads `X-Service-Fhir-Provider: <provider_id>:<token>[, <provider_id>:<token>…]`, the
 * per-request tokens of providers configured with token_passthrough. The provider id is
 * everything before the first colon, so tokens may themselves contain colons.
 */
export function parseProviderTokens(header: string | undefined): Map<string, string> {
  const tokens = new Map<string, string>();
  if (header === undefined || header.trim() === '') return tokens;
  for (const [index, part] of header.split(',').entries()) {
    const item = part.trim();
    const colon = item.indexOf(':');
    const providerId = colon > 0 ? item.slice(0, colon).trim() : '';
    const token = colon > 0 ? item.slice(colon + 1).trim() : '';
    if (providerId === '' || token === '' || /\s/.test(token)) {
      throw new FhirProviderError(
        'invalid',
        'FHIR_PROVIDER.INVALID_PROVIDER_HEADER',
        `${HEADER} item ${index + 1} must be "<provider_id>:<token>" (several separated by commas)`,
      );
    }
    tokens.set(providerId, token);
  }
  return tokens;
}

const ON_BEHALF_OF = /^(Patient|Practitioner)\/[A-Za-z0-9\-.]{1,64}$/;

/** Reads `X-Service-On-Behalf-Of: Patient/<id>` or `Practitioner/<id>`. */
export function parseOnBehalfOf(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const reference = header.trim();
  if (!ON_BEHALF_OF.test(reference)) {
    throw new FhirProviderError(
      'invalid',
      'FHIR_PROVIDER.INVALID_ON_BEHALF_OF',
      'X-Service-On-Behalf-Of must be Patient/<id> or Practitioner/<id>',
    );
  }
  return reference;
}
