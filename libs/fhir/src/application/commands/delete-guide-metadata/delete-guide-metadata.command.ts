import { Command } from '@nestjs/cqrs';

/** Drops a guide's stored metadata; its profiles keep their guide. */
export class DeleteGuideMetadataCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly name: string,
  ) {
    super();
  }
}
