import { Query } from '@nestjs/cqrs';
import type { Agent } from '../../../domain/agent.js';

export class GetAgentQuery extends Query<Agent> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
