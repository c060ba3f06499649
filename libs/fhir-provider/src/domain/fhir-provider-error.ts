import { DomainError } from '@app/shared';

/** Every rule of a FHIR provider (its URL, auth configurations, gateway paths) fails with this. */
export class FhirProviderError extends DomainError {
  override readonly name = 'FhirProviderError';
}
