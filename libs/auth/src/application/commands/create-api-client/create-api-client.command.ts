import { Command } from '@nestjs/cqrs';
import type { Plan } from '@app/shared';
import type { IssuedCredentials } from '../../../domain/api-client.js';

/** Admin path (CLI, first-start demo): creates the account when missing, sets its plan, adds a client. */
export class CreateApiClientCommand extends Command<IssuedCredentials> {
  constructor(
    readonly accountName: string,
    readonly plan: Plan,
    readonly clientName: string,
  ) {
    super();
  }
}
