import { Command } from '@nestjs/cqrs';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';

/** Replaces a custom profile in place; the path id is authoritative, the type may not change. */
export class UpdateProfileCommand extends Command<CustomProfile> {
  constructor(
    readonly accountId: string,
    readonly id: string,
    readonly structureDefinition: unknown,
    readonly implementationGuide?: string,
  ) {
    super();
  }
}
