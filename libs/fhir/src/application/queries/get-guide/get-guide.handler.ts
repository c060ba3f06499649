import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ImplementationGuide } from '../../../domain/profiles/custom-profile.js';
import { checkGuideName } from '../../../domain/profiles/structure-definition-rules.js';
import { guideNotFound } from '../../profile-errors.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { GetGuideQuery } from './get-guide.query.js';

@QueryHandler(GetGuideQuery)
export class GetGuideHandler implements IQueryHandler<GetGuideQuery> {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(query: GetGuideQuery): Promise<ImplementationGuide> {
    const name = checkGuideName(query.name);
    const guides = await this.profiles.listOwnedGuides(query.accountId);
    const guide = guides.find((candidate) => candidate.name === name);
    if (!guide) throw guideNotFound(name);
    return guide;
  }
}
