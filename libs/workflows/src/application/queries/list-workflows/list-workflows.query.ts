import { Query } from '@nestjs/cqrs';
import type { Workflow } from '../../../domain/workflow.js';

export class ListWorkflowsQuery extends Query<Workflow[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
