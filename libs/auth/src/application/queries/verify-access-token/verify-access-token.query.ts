import { Query } from '@nestjs/cqrs';
import type { AuthenticatedClient } from '../../../domain/api-client.js';

/** Verifies a bearer token and that its client still exists and is enabled; throws a 401 otherwise. */
export class VerifyAccessTokenQuery extends Query<AuthenticatedClient> {
  constructor(readonly token: string) {
    super();
  }
}
