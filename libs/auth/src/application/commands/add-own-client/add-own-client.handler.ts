import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { generateClientSecret, hashClientSecret } from '../../../domain/client-secret.js';
import { ApiClientRepository } from '../../ports/api-client.repository.js';
import { AddOwnClientCommand, type OwnClientCredentials } from './add-own-client.command.js';

@CommandHandler(AddOwnClientCommand)
export class AddOwnClientHandler implements ICommandHandler<AddOwnClientCommand> {
  constructor(private readonly clients: ApiClientRepository) {}

  async execute(command: AddOwnClientCommand): Promise<OwnClientCredentials> {
    const clientSecret = generateClientSecret();
    const client = await this.clients.create({
      id: randomUUID(),
      accountId: command.accountId,
      name: command.name,
      secretHash: await hashClientSecret(clientSecret),
    });
    return { clientId: client.id, clientSecret, name: client.name };
  }
}
