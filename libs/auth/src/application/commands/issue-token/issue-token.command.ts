import { Command } from '@nestjs/cqrs';
import type { AuthenticatedClient } from '../../../domain/api-client.js';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export class IssueTokenCommand extends Command<TokenResponse> {
  constructor(readonly client: AuthenticatedClient) {
    super();
  }
}
