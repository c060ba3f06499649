import { FhirProviderError } from './fhir-provider-error.js';

/** The fields of a Google Cloud service account key file that token exchange needs. */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri: string;
}

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** Accepts the key file as JSON text or as an object; refuses it with a 400 naming what is missing. */
export function parseServiceAccountKey(input: unknown): ServiceAccountKey {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw invalid('service_account_key is not valid JSON');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('service_account_key must be the JSON key file of a service account');
  }
  const key = value as Record<string, unknown>;
  if (typeof key.client_email !== 'string' || !key.client_email.includes('@')) {
    throw invalid('service_account_key.client_email is missing');
  }
  if (typeof key.private_key !== 'string' || !key.private_key.includes('PRIVATE KEY')) {
    throw invalid('service_account_key.private_key must be a PEM private key');
  }
  const tokenUri = typeof key.token_uri === 'string' ? key.token_uri : GOOGLE_TOKEN_URI;
  if (!/^https?:\/\//.test(tokenUri))
    throw invalid('service_account_key.token_uri must be an http(s) URL');
  return {
    client_email: key.client_email,
    private_key: key.private_key,
    private_key_id: typeof key.private_key_id === 'string' ? key.private_key_id : undefined,
    token_uri: tokenUri,
  };
}

function invalid(message: string): FhirProviderError {
  return new FhirProviderError('invalid', 'FHIR_PROVIDER.INVALID_SERVICE_ACCOUNT_KEY', message, [
    { field: 'service_account_key', problems: [message] },
  ]);
}
