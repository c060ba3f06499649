import { Command } from '@nestjs/cqrs';

/** Run the follow-up PUTs of one fix-up (the job's work). */
export class ApplyReferenceFixupCommand extends Command<void> {
  constructor(readonly fixupId: string) {
    super();
  }
}
