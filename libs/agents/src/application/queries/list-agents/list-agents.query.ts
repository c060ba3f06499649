import { Query } from '@nestjs/cqrs';
import type { Agent } from '../../../domain/agent.js';

export class ListAgentsQuery extends Query<Agent[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
