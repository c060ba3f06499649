import { AppError } from '@app/shared';
import { OutboundError } from '../outbound/outbound-http.js';

/** What a caller sees when no answer came from the FHIR server (the client and the gateway). */
export function outboundFailure(error: unknown): unknown {
  if (!(error instanceof OutboundError)) return error;
  switch (error.failure) {
    case 'refused-target':
      return AppError.badRequest('FHIR.TARGET_REFUSED', error.message);
    case 'invalid-url':
      return AppError.badRequest('FHIR.INVALID_URL', error.message);
    case 'timeout':
      return new AppError(502, 'FHIR.UPSTREAM_TIMEOUT', error.message);
    case 'too-large':
      return new AppError(502, 'FHIR.UPSTREAM_RESPONSE_TOO_LARGE', error.message);
    default:
      return new AppError(502, 'FHIR.UPSTREAM_UNREACHABLE', error.message);
  }
}
