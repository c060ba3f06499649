import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccessTokenService } from '../../ports/access-token.service.js';
import { ApiClientRepository } from '../../ports/api-client.repository.js';
import { IssueTokenCommand, type TokenResponse } from './issue-token.command.js';

@CommandHandler(IssueTokenCommand)
export class IssueTokenHandler implements ICommandHandler<IssueTokenCommand> {
  constructor(
    private readonly tokens: AccessTokenService,
    private readonly clients: ApiClientRepository,
  ) {}

  async execute({ client }: IssueTokenCommand): Promise<TokenResponse> {
    const accessToken = await this.tokens.sign({
      clientId: client.clientId,
      accountId: client.accountId,
    });
    await this.clients.touchLastUsed(client.clientId);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: this.tokens.ttlSeconds };
  }
}
