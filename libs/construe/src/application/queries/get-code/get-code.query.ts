import { Query } from '@nestjs/cqrs';
import type { SystemCode } from '../../../domain/code-system.js';

/** One code, with the system (name and version) it was found in. */
export type CodeInSystem = SystemCode & { system: { name: string; version: string } };

export class GetCodeQuery extends Query<CodeInSystem> {
  constructor(
    readonly accountId: string,
    readonly name: string,
    readonly code: string,
    readonly version?: string,
  ) {
    super();
  }
}
