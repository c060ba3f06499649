import { Query } from '@nestjs/cqrs';
import type { Agent } from '../../../domain/agent.js';

/** The account's agents; with `tags`, only those carrying every one of them. */
export class ListAgentsQuery extends Query<Agent[]> {
  constructor(
    readonly accountId: string,
    readonly tags: readonly string[] = [],
  ) {
    super();
  }
}
