import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { OAuthError } from '@app/shared';
import type { Request } from 'express';
import { ThrottledClientAuthentication } from '../../infrastructure/passport/throttled-client-authentication.js';

interface TokenRequestBody {
  grant_type?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
}

/**
 * Client authentication for POST /v2/auth/token: HTTP Basic through passport-http, or
 * `client_id` and `client_secret` in the body, form-encoded (RFC 6749) or JSON (as the public
 * SDK sends them; both arrive parsed in `request.body`). Failures are OAuth-shaped.
 */
@Injectable()
export class ClientCredentialsGuard extends AuthGuard('basic') {
  constructor(private readonly authentication: ThrottledClientAuthentication) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user?: unknown }>();
    const body = (request.body ?? {}) as TokenRequestBody;
    if (body.grant_type !== undefined && body.grant_type !== 'client_credentials') {
      throw new OAuthError(
        'unsupported_grant_type',
        'Only grant_type=client_credentials is supported',
      );
    }
    const authorization = request.header('authorization');
    if (authorization) {
      if (!/^basic /i.test(authorization)) {
        throw new OAuthError(
          'invalid_client',
          'Client authentication must use HTTP Basic or client_id/client_secret in the body',
        );
      }
      return (await super.canActivate(context)) as boolean;
    }
    if (typeof body.client_id === 'string' && typeof body.client_secret === 'string') {
      request.user = await this.authentication.authenticate(body.client_id, body.client_secret);
      return true;
    }
    if (body.client_id !== undefined || body.client_secret !== undefined) {
      throw new OAuthError('invalid_request', 'client_id and client_secret must both be given');
    }
    throw new OAuthError(
      'invalid_client',
      'Client authentication required (HTTP Basic with client id and secret)',
    );
  }

  override handleRequest<T>(error: unknown, client: unknown): T {
    if (error) throw error instanceof Error ? error : new Error('Authentication failed');
    if (!client) throw new OAuthError('invalid_client', 'Client authentication failed');
    return client as T;
  }
}
