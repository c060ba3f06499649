import { Command } from '@nestjs/cqrs';

export class EmbedCodeSystemCommand extends Command<void> {
  constructor(
    readonly systemId: string,
    /** Stops between batches when the process shuts down; the system stays processing and resumes. */
    readonly signal?: AbortSignal,
  ) {
    super();
  }
}
