import { Command } from '@nestjs/cqrs';

/** The caller disables one of its account's clients, never the one it is calling with. */
export class DisableOwnClientCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly callerClientId: string,
    readonly clientId: string,
  ) {
    super();
  }
}
