import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy as PassportBearerStrategy } from 'passport-http-bearer';
import { VerifyAccessTokenQuery } from '../../application/queries/verify-access-token/verify-access-token.query.js';
import type { AuthenticatedClient } from '../../domain/api-client.js';

@Injectable()
export class BearerStrategy extends PassportStrategy(PassportBearerStrategy, 'bearer') {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  validate(token: string): Promise<AuthenticatedClient> {
    return this.queries.execute(new VerifyAccessTokenQuery(token));
  }
}
