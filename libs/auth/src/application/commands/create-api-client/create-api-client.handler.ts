import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AppError } from '@app/shared';
import type { IssuedCredentials } from '../../../domain/api-client.js';
import { generateClientSecret, hashClientSecret } from '../../../domain/client-secret.js';
import { AccountRepository } from '../../ports/account.repository.js';
import { ApiClientRepository } from '../../ports/api-client.repository.js';
import { CreateApiClientCommand } from './create-api-client.command.js';

@CommandHandler(CreateApiClientCommand)
export class CreateApiClientHandler implements ICommandHandler<CreateApiClientCommand> {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly clients: ApiClientRepository,
  ) {}

  async execute(command: CreateApiClientCommand): Promise<IssuedCredentials> {
    const accountName = command.accountName.trim();
    if (accountName.length === 0 || accountName.length > 100) {
      throw AppError.badRequest(
        'AUTH.INVALID_ACCOUNT_NAME',
        'Account name must be 1 to 100 characters',
      );
    }
    let account = await this.accounts.findByName(accountName);
    if (!account) account = await this.accounts.create(accountName, command.plan);
    else if (account.plan !== command.plan)
      account = await this.accounts.updatePlan(account.id, command.plan);

    const clientSecret = generateClientSecret();
    const client = await this.clients.create({
      id: randomUUID(),
      accountId: account.id,
      name: command.clientName,
      secretHash: await hashClientSecret(clientSecret),
    });
    return {
      clientId: client.id,
      clientSecret,
      accountId: account.id,
      accountName: account.name,
      plan: account.plan,
    };
  }
}
