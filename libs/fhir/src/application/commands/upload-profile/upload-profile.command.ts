import { Command } from '@nestjs/cqrs';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';

/** Stores a new custom profile; `profileContext` (the deprecated upload route) sets the guide's. */
export class UploadProfileCommand extends Command<CustomProfile> {
  constructor(
    readonly accountId: string,
    readonly structureDefinition: unknown,
    readonly implementationGuide?: string,
    readonly profileContext?: string,
  ) {
    super();
  }
}
