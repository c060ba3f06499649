import { Query } from '@nestjs/cqrs';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';

export class ListProfilesQuery extends Query<CustomProfile[]> {
  constructor(readonly url?: string) {
    super();
  }
}
