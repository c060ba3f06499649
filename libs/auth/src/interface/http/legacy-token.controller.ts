import { Controller, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBasicAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { OAuthError, Public } from '@app/shared';
import type { Request, Response } from 'express';
import {
  IssueTokenCommand,
  type TokenResponse,
} from '../../application/commands/issue-token/issue-token.command.js';
import type { AuthenticatedClient } from '../../domain/api-client.js';
import { ThrottledClientAuthentication } from '../../infrastructure/passport/throttled-client-authentication.js';
import { LegacyTokenErrorDto, LegacyTokenResponseDto } from './token.dto.js';

/** Client id and secret from `Authorization: Basic …`, or null when the header is not that. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * POST /auth/token, the public API's legacy token route: HTTP Basic in, `{ token }` out.
 * Its 401 has the document's own shape, `{ code: 401, message, data: null }`.
 * POST /v2/auth/token is the OAuth-shaped route this service documents first.
 */
@ApiTags('auth')
@Controller('auth')
export class LegacyTokenController {
  constructor(
    private readonly commands: CommandBus,
    private readonly authentication: ThrottledClientAuthentication,
  ) {}

  @Post('token')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiBasicAuth('basic')
  @ApiOperation({ summary: 'Issue an access token (legacy: HTTP Basic, answers { token })' })
  @ApiOkResponse({ type: LegacyTokenResponseDto })
  @ApiUnauthorizedResponse({ type: LegacyTokenErrorDto })
  async issue(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LegacyTokenResponseDto | LegacyTokenErrorDto> {
    const credentials = basicCredentials(request.header('authorization'));
    let client: AuthenticatedClient | null = null;
    if (credentials) {
      try {
        client = await this.authentication.authenticate(credentials.id, credentials.secret);
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        if (error.retryAfterSeconds !== undefined) {
          response.status(429).setHeader('Retry-After', String(error.retryAfterSeconds));
          return { code: 429, message: error.description, data: null };
        }
      }
    }
    if (!client) {
      response.status(401).setHeader('WWW-Authenticate', 'Basic realm="token", charset="UTF-8"');
      return {
        code: 401,
        message: credentials
          ? 'Invalid credentials'
          : 'Credentials required: HTTP Basic with the client id and secret',
        data: null,
      };
    }
    const issued: TokenResponse = await this.commands.execute(new IssueTokenCommand(client));
    return { token: issued.access_token };
  }
}
