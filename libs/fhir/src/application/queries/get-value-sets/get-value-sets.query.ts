import { Query } from '@nestjs/cqrs';

/** The account's imported ValueSets with these canonical urls, by url (absent ones left out). */
export class GetValueSetsQuery extends Query<Record<string, Record<string, unknown>>> {
  constructor(
    readonly urls: string[],
    readonly accountId: string,
  ) {
    super();
  }
}
