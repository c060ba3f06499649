import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppError, PUBLIC_ROUTE, RequestContext } from '@app/shared';
import type { Request } from 'express';
import { BEARER_CHALLENGE } from '../../application/queries/verify-access-token/verify-access-token.handler.js';
import type { AuthenticatedClient } from '../../domain/api-client.js';

/**
 * RFC 6750 also allows `access_token` in the query or a form body; URLs end up in logs,
 * proxies and browser history, so the service accepts the token from the header only.
 */
function refuseTokenOutsideHeader(request: Request): void {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const inQuery = query !== undefined && Object.hasOwn(query, 'access_token');
  // RFC 6750's form-encoded body parameter; a JSON body's fields are the route's business.
  const inBody =
    request.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded' &&
    body !== null &&
    typeof body === 'object' &&
    Object.hasOwn(body, 'access_token');
  if (!inQuery && !inBody) return;
  throw AppError.unauthorized(
    'AUTH.TOKEN_NOT_IN_HEADER',
    `The access token was sent in the ${inQuery ? 'URL' : 'request body'}; send it only as "Authorization: Bearer <access token>"`,
    { 'WWW-Authenticate': `${BEARER_CHALLENGE}, error="invalid_request"` },
  );
}

/** Global guard: every route needs a valid bearer token unless marked @Public(). */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    refuseTokenOutsideHeader(context.switchToHttp().getRequest<Request>());
    return super.canActivate(context);
  }

  override handleRequest<T = AuthenticatedClient>(
    error: unknown,
    client: unknown,
    _info: unknown,
    context: ExecutionContext,
  ): T {
    if (error) throw error instanceof Error ? error : new Error('Authentication failed');
    if (!client) {
      const header = context.switchToHttp().getRequest<Request>().header('authorization');
      throw header
        ? AppError.unauthorized(
            'AUTH.MALFORMED_AUTHORIZATION',
            'Authorization header must be "Bearer <access token>"',
            {
              'WWW-Authenticate': `${BEARER_CHALLENGE}, error="invalid_request"`,
            },
          )
        : AppError.unauthorized(
            'AUTH.MISSING_TOKEN',
            'Authentication required: send "Authorization: Bearer <access token>"',
            {
              'WWW-Authenticate': BEARER_CHALLENGE,
            },
          );
    }
    const authenticated = client as AuthenticatedClient;
    RequestContext.setTenant({
      accountId: authenticated.accountId,
      clientId: authenticated.clientId,
      plan: authenticated.plan,
    });
    return client as T;
  }
}
