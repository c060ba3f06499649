import { Query } from '@nestjs/cqrs';
import type { ReferenceFixup } from '../../../domain/bundle/reference-fixup.js';

/** One of the account's reference fix-ups (follow-up PUTs of a multi-create), for polling. */
export class GetReferenceFixupQuery extends Query<ReferenceFixup> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
