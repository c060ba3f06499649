import { AppError } from '@app/shared';
import { sandboxProviderId } from '../../domain/sandbox-provider.js';

/** Any change to the account's sandbox provider is refused with 403. */
export function assertNotSandbox(accountId: string, providerId: string): void {
  if (providerId.toLowerCase() === sandboxProviderId(accountId)) {
    throw AppError.forbidden(
      'FHIR_PROVIDER.SANDBOX_READ_ONLY',
      'The sandbox provider is managed by the service and cannot be modified or deleted',
    );
  }
}

export function providerNotFound(providerId: string): AppError {
  return AppError.notFound('FHIR_PROVIDER.NOT_FOUND', `No FHIR provider ${providerId}`);
}
