import { Command } from '@nestjs/cqrs';

export class DisableOwnClientCommand extends Command<void> {
  constructor(readonly clientId: string) {
    super();
  }
}
