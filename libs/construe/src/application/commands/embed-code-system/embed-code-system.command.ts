import { Command } from '@nestjs/cqrs';

export class EmbedCodeSystemCommand extends Command<void> {
  constructor(
    readonly systemId: string,
    /** On the last attempt a failure marks the system failed instead of being retried. */
    readonly lastAttempt: boolean,
    /** Stops between batches when the process shuts down; the system stays processing and resumes. */
    readonly signal?: AbortSignal,
  ) {
    super();
  }
}
