import { Query } from '@nestjs/cqrs';
import type { ExtractedCode } from '../extract-codes/extract-codes.query.js';

export class PhenocrQuery extends Query<{
  system: { name: string; version: string };
  codes: ExtractedCode[];
}> {
  constructor(
    readonly accountId: string,
    readonly text: string,
    readonly system: string,
    readonly version: string,
  ) {
    super();
  }
}
