import type { WorkflowRunner, WorkflowSummary } from '@app/workflows';
import { z } from 'zod';
import { uniqueToolName } from '../../domain/chat/tool-names.js';
import { defineTool, type ServiceTool } from './service-tool.js';

const MAX_DESCRIPTION = 1000;

/**
 * Each workflow as a tool, shaped like POST /workflows/{id}/execute: `input_data` holds
 * the fields of the workflow's sample data (all required, any JSON value), and `preview`
 * builds every resource without writing it.
 */
export function workflowTools(
  accountId: string,
  workflows: readonly WorkflowSummary[],
  runner: WorkflowRunner,
  taken: Set<string>,
): ServiceTool[] {
  return workflows.map((workflow) => {
    const fields: Record<string, z.ZodType> = {};
    for (const field of workflow.inputFields) {
      fields[field] = z.unknown().describe(`Input "${field}" of the workflow`);
    }
    return defineTool({
      name: uniqueToolName(['workflow', workflow.name], taken),
      title: `Workflow: ${workflow.name}`,
      description:
        `Runs the workflow "${workflow.name}" (${workflow.id}). ${workflow.workflowInstructions}`.slice(
          0,
          MAX_DESCRIPTION,
        ),
      input: z.object({
        input_data: z.object(fields).describe('The values the workflow starts from'),
        preview: z
          .boolean()
          .default(false)
          .describe('true: build every resource but write nothing'),
      }),
      run: (args) => runner.run(accountId, workflow.id, args.input_data, args.preview),
    });
  });
}
