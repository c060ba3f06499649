import { Command } from '@nestjs/cqrs';

/** Record that a fix-up was given up (its job spent its attempts). */
export class FailReferenceFixupCommand extends Command<void> {
  constructor(
    readonly fixupId: string,
    readonly reason: string,
  ) {
    super();
  }
}
