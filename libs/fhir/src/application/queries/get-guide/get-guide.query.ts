import { Query } from '@nestjs/cqrs';
import type { ImplementationGuide } from '../../../domain/profiles/custom-profile.js';

export class GetGuideQuery extends Query<ImplementationGuide> {
  constructor(
    readonly accountId: string,
    readonly name: string,
  ) {
    super();
  }
}
