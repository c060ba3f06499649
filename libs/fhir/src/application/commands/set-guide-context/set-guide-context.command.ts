import { Command } from '@nestjs/cqrs';
import type { ImplementationGuide } from '../../../domain/profiles/custom-profile.js';

/** Sets (or, with an empty value, clears) an implementation guide's profile context. */
export class SetGuideContextCommand extends Command<ImplementationGuide> {
  constructor(
    readonly accountId: string,
    readonly name: string,
    readonly profileContext: string,
  ) {
    super();
  }
}
