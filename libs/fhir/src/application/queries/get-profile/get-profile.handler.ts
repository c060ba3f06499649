import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CustomProfile } from '../../../domain/profiles/custom-profile.js';
import { ProfileRepository } from '../../ports/profile.repository.js';
import { GetProfileQuery } from './get-profile.query.js';

/** The profile, or null when the account has none with that id (callers choose the error). */
@QueryHandler(GetProfileQuery)
export class GetProfileHandler implements IQueryHandler<GetProfileQuery> {
  constructor(private readonly profiles: ProfileRepository) {}

  execute(query: GetProfileQuery): Promise<CustomProfile | null> {
    return this.profiles.findOwned(query.accountId, query.id.toLowerCase());
  }
}
