import { Query } from '@nestjs/cqrs';
import type { CodeSystem } from '../../../domain/code-system.js';

export class GetSystemQuery extends Query<CodeSystem> {
  constructor(
    readonly accountId: string,
    readonly name: string,
    readonly version?: string,
  ) {
    super();
  }
}
