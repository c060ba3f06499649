import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PassportStrategy } from '@nestjs/passport';
import { OAuthError } from '@app/shared';
import { BasicStrategy as PassportBasicStrategy } from 'passport-http';
import { AuthenticateClientQuery } from '../../application/queries/authenticate-client/authenticate-client.query.js';
import type { AuthenticatedClient } from '../../domain/api-client.js';

/** HTTP Basic client authentication for the token endpoint (client id as user, secret as password). */
@Injectable()
export class BasicStrategy extends PassportStrategy(PassportBasicStrategy, 'basic') {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  async validate(clientId: string, clientSecret: string): Promise<AuthenticatedClient> {
    const client = await this.queries.execute(new AuthenticateClientQuery(clientId, clientSecret));
    if (!client) throw new OAuthError('invalid_client', 'Client authentication failed');
    return client;
  }
}
