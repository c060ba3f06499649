import { Command } from '@nestjs/cqrs';

export class MarkCodeSystemFailedCommand extends Command<void> {
  constructor(
    readonly systemId: string,
    readonly reason: string,
  ) {
    super();
  }
}
