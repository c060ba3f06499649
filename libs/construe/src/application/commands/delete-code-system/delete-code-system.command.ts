import { Command } from '@nestjs/cqrs';

export class DeleteCodeSystemCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly name: string,
    readonly version?: string,
  ) {
    super();
  }
}
