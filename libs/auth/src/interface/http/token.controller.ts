import { Controller, Header, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBasicAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Public } from '@app/shared';
import type { Request } from 'express';
import {
  IssueTokenCommand,
  type TokenResponse,
} from '../../application/commands/issue-token/issue-token.command.js';
import type { AuthenticatedClient } from '../../domain/api-client.js';
import { ClientCredentialsGuard } from './client-credentials.guard.js';
import { TokenRequestDto, TokenResponseDto } from './token.dto.js';

@ApiTags('auth')
@Controller('v2/auth')
export class TokenController {
  constructor(private readonly commands: CommandBus) {}

  @Post('token')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(ClientCredentialsGuard)
  @ApiBasicAuth('basic')
  @ApiOperation({ summary: 'Issue an access token (OAuth 2.0 client credentials)' })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: TokenRequestDto, required: false })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiUnauthorizedResponse({
    description: '`{ error: "invalid_client", error_description }` with `WWW-Authenticate: Basic`',
  })
  issue(@Req() request: Request & { user: AuthenticatedClient }): Promise<TokenResponse> {
    return this.commands.execute(new IssueTokenCommand(request.user));
  }
}
