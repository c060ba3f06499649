import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { OAuthError } from '@app/shared';
import { FailedAuthentications } from '../../application/ports/failed-authentications.js';
import { AuthenticateClientQuery } from '../../application/queries/authenticate-client/authenticate-client.query.js';
import type { AuthenticatedClient } from '../../domain/api-client.js';

/**
 * Client authentication for the token endpoint, Basic or form body alike: a client id
 * with too many recent failures is refused with 429 before its secret is even checked.
 */
@Injectable()
export class ThrottledClientAuthentication {
  constructor(
    private readonly queries: QueryBus,
    private readonly failures: FailedAuthentications,
  ) {}

  async authenticate(clientId: string, clientSecret: string): Promise<AuthenticatedClient> {
    const wait = await this.failures.retryAfterSeconds(clientId);
    if (wait > 0) {
      throw new OAuthError(
        'invalid_client',
        `Too many failed authentications for this client; try again in ${wait} s`,
        wait,
      );
    }
    const client = await this.queries.execute<AuthenticateClientQuery, AuthenticatedClient | null>(
      new AuthenticateClientQuery(clientId, clientSecret),
    );
    if (client) return client;
    await this.failures.record(clientId);
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
}
