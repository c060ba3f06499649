import { Query } from '@nestjs/cqrs';
import type { AuthenticatedClient } from '../../../domain/api-client.js';

/** Checks a client id and secret; null when they do not match an enabled client. */
export class AuthenticateClientQuery extends Query<AuthenticatedClient | null> {
  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    super();
  }
}
