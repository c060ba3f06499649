import { Command } from '@nestjs/cqrs';

export class DeleteCodeSystemCommand extends Command<void> {
  constructor(
    readonly name: string,
    readonly version?: string,
  ) {
    super();
  }
}
