import { Command } from '@nestjs/cqrs';

export class DeleteProfileCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
