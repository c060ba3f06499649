import { Query } from '@nestjs/cqrs';
import type { SystemCode } from '../../../domain/code-system.js';

export class GetCodeQuery extends Query<SystemCode> {
  constructor(
    readonly name: string,
    readonly code: string,
    readonly version?: string,
  ) {
    super();
  }
}
