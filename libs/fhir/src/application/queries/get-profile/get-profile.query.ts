import { Query } from '@nestjs/cqrs';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';

/** One custom profile; `accountId` given explicitly for workers without a request context. */
export class GetProfileQuery extends Query<CustomProfile | null> {
  constructor(
    readonly id: string,
    readonly accountId?: string,
  ) {
    super();
  }
}
