import { Query } from '@nestjs/cqrs';
import type { BuiltinProfile } from '../../../domain/profiles/builtin-profiles.js';

/** One built-in profile by id, or null. */
export class FindBuiltinProfileQuery extends Query<BuiltinProfile | null> {
  constructor(readonly id: string) {
    super();
  }
}
