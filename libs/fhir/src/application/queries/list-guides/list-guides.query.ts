import { Query } from '@nestjs/cqrs';
import type { ImplementationGuide } from '../../../domain/profiles/custom-profile.js';

export class ListGuidesQuery extends Query<ImplementationGuide[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
