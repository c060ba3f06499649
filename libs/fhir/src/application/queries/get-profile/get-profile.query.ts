import { Query } from '@nestjs/cqrs';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';

/** One custom profile of the account. */
export class GetProfileQuery extends Query<CustomProfile | null> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
