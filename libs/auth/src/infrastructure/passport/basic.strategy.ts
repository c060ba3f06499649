import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { BasicStrategy as PassportBasicStrategy } from 'passport-http';
import type { AuthenticatedClient } from '../../domain/api-client.js';
import { ThrottledClientAuthentication } from './throttled-client-authentication.js';

/** HTTP Basic client authentication for the token endpoint (client id as user, secret as password). */
@Injectable()
export class BasicStrategy extends PassportStrategy(PassportBasicStrategy, 'basic') {
  constructor(private readonly authentication: ThrottledClientAuthentication) {
    super();
  }

  validate(clientId: string, clientSecret: string): Promise<AuthenticatedClient> {
    return this.authentication.authenticate(clientId, clientSecret);
  }
}
