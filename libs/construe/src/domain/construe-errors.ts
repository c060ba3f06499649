import { DomainError } from '@app/shared';

/** Error codes the construe core (domain and persistence) throws with a ConstrueError. */
export const ConstrueErrorCodes = {
  SYSTEM_EXISTS: 'CONSTRUE.SYSTEM_EXISTS',
} as const;

/** A rule of the code systems was broken; the exception filter maps its kind to a status. */
export class ConstrueError extends DomainError {
  override readonly name = 'ConstrueError';
}
