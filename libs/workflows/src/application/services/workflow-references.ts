import { Injectable } from '@nestjs/common';

export interface WorkflowReference {
  /** What refers to the workflow, e.g. `agent`. */
  kind: string;
  id: string;
  name: string;
}

/** The references one library holds to an account's workflow. */
export type WorkflowReferenceFinder = (
  accountId: string,
  workflowId: string,
) => Promise<WorkflowReference[]>;

/**
 * Asked before a workflow is deleted: who outside this library still refers to it. The
 * libraries that store workflow ids (agents) depend on this one, so they register a finder
 * at start-up rather than this library calling them. A non-empty answer makes the delete a
 * 409 naming them.
 */
@Injectable()
export class WorkflowReferences {
  private readonly finders: WorkflowReferenceFinder[] = [];

  register(finder: WorkflowReferenceFinder): void {
    this.finders.push(finder);
  }

  async find(accountId: string, workflowId: string): Promise<WorkflowReference[]> {
    const found = await Promise.all(this.finders.map((finder) => finder(accountId, workflowId)));
    return found.flat();
  }
}
