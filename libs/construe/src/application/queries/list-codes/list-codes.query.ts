import { Query } from '@nestjs/cqrs';
import type { SystemCode } from '../../../domain/code-system.js';

export interface CodePage {
  system: { name: string; version: string };
  codes: SystemCode[];
  nextCursor: string | null;
  hasMore: boolean;
}

export class ListCodesQuery extends Query<CodePage> {
  constructor(
    readonly accountId: string,
    readonly name: string,
    readonly version: string | undefined,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
