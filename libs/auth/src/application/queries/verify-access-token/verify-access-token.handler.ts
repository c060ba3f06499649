import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import type { AuthenticatedClient } from '../../../domain/api-client.js';
import { AccessTokenService } from '../../ports/access-token.service.js';
import { ApiClientRepository } from '../../ports/api-client.repository.js';
import { VerifyAccessTokenQuery } from './verify-access-token.query.js';

export const BEARER_CHALLENGE = 'Bearer realm="clinical-interop"';

function rejected(code: string, message: string): AppError {
  const error =
    code === 'AUTH.TOKEN_EXPIRED'
      ? 'invalid_token", error_description="The access token expired'
      : 'invalid_token';
  return AppError.unauthorized(code, message, {
    'WWW-Authenticate': `${BEARER_CHALLENGE}, error="${error}"`,
  });
}

@QueryHandler(VerifyAccessTokenQuery)
export class VerifyAccessTokenHandler implements IQueryHandler<VerifyAccessTokenQuery> {
  constructor(
    private readonly tokens: AccessTokenService,
    private readonly clients: ApiClientRepository,
  ) {}

  async execute({ token }: VerifyAccessTokenQuery): Promise<AuthenticatedClient> {
    const verification = await this.tokens.verify(token);
    if (!verification.valid) {
      throw verification.reason === 'expired'
        ? rejected('AUTH.TOKEN_EXPIRED', 'The access token has expired; request a new one')
        : rejected('AUTH.INVALID_TOKEN', 'The access token is not valid');
    }
    const client = await this.clients.findForAuthentication(verification.claims.clientId);
    if (!client || !client.enabled || client.accountId !== verification.claims.accountId) {
      throw rejected(
        'AUTH.CLIENT_REVOKED',
        'The API client of this token no longer exists or is disabled',
      );
    }
    return { clientId: client.id, accountId: client.accountId, plan: client.plan };
  }
}
