import { Optional } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BuiltinProfile } from '../../../domain/profiles/builtin-profiles.js';
import { BuiltinProfileCatalog } from '../../ports/builtin-profile-catalog.js';
import { FindBuiltinProfileQuery } from './find-builtin-profile.query.js';

@QueryHandler(FindBuiltinProfileQuery)
export class FindBuiltinProfileHandler implements IQueryHandler<FindBuiltinProfileQuery> {
  constructor(@Optional() private readonly catalog?: BuiltinProfileCatalog) {}

  execute(query: FindBuiltinProfileQuery): Promise<BuiltinProfile | null> {
    const id = query.id.toLowerCase();
    return Promise.resolve(this.catalog?.list().find((profile) => profile.id === id) ?? null);
  }
}
