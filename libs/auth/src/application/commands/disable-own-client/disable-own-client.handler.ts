import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { ApiClientRepository } from '../../ports/api-client.repository.js';
import { DisableOwnClientCommand } from './disable-own-client.command.js';

@CommandHandler(DisableOwnClientCommand)
export class DisableOwnClientHandler implements ICommandHandler<DisableOwnClientCommand> {
  constructor(private readonly clients: ApiClientRepository) {}

  async execute(command: DisableOwnClientCommand): Promise<void> {
    if (command.clientId === command.callerClientId) {
      throw AppError.badRequest(
        'AUTH.CANNOT_DISABLE_SELF',
        'A client cannot disable itself; use another client of the account',
      );
    }
    if (!(await this.clients.disableOwned(command.accountId, command.clientId))) {
      throw AppError.notFound('AUTH.CLIENT_NOT_FOUND', `No API client ${command.clientId}`);
    }
  }
}
