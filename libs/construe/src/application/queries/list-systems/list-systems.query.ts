import { Query } from '@nestjs/cqrs';
import type { CodeSystem } from '../../../domain/code-system.js';

export type ListedSystem = Pick<
  CodeSystem,
  'name' | 'version' | 'codeCount' | 'builtin' | 'status'
>;

export class ListSystemsQuery extends Query<ListedSystem[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
