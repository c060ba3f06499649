import type { StepOperation, Workflow, WorkflowStep } from '../../domain/workflow.js';
import type {
  FullStepDto,
  SimplifiedStepDto,
  WorkflowDetailsDto,
  WorkflowDto,
} from './workflow.dto.js';

/** The spec's simplified workflow: steps with id, name, description, type and provider only. */
export function presentWorkflow(workflow: Workflow): WorkflowDto {
  return { ...header(workflow), graph: { steps: workflow.graph.steps.map(simplifiedStep) } };
}

/** The full workflow (verbose): steps with their operation, dependencies and dynamic_generation. */
export function presentWorkflowDetails(workflow: Workflow): WorkflowDetailsDto {
  return { ...header(workflow), graph: { steps: workflow.graph.steps.map(fullStep) } };
}

function header(workflow: Workflow): Omit<WorkflowDto, 'graph'> {
  return {
    id: workflow.id,
    name: workflow.name,
    workflow_instructions: workflow.instructions,
    sample_data: workflow.sampleData,
    config: {
      fhir_provider_ids: workflow.config.fhirProviderIds,
      dynamic_generation: workflow.config.dynamicGeneration,
    },
    created_at: workflow.createdAt.toISOString(),
    updated_at: workflow.updatedAt.toISOString(),
  };
}

/**
 * The public API document names a decision step `decision_node` and declares provider_id
 * non-nullable: a step without a provider leaves it out.
 */
function simplifiedStep(step: WorkflowStep): SimplifiedStepDto {
  return {
    id: step.id,
    name: step.name,
    description: step.description,
    type: step.type === 'decision' ? 'decision_node' : step.type,
    ...(step.providerId === null ? {} : { provider_id: step.providerId }),
  };
}

function fullStep(step: WorkflowStep): FullStepDto {
  return {
    ...simplifiedStep(step),
    operation: presentOperation(step.operation),
    dependencies: step.dependencies,
    dynamic_generation: step.dynamicGeneration,
  };
}

function presentOperation(operation: StepOperation): Record<string, unknown> {
  switch (operation.kind) {
    case 'search':
      return {
        search_definition: {
          original_query: operation.originalQuery,
          resource_type: operation.resourceType,
          search_parameters: operation.searchParameters,
          required_fields: operation.requiredFields,
          runtime_placeholders: operation.runtimePlaceholders,
        },
      };
    case 'create':
      return {
        create_definition: {
          original_description: operation.originalDescription,
          resource_type: operation.resourceType,
          resource_template: operation.resourceTemplate,
          runtime_placeholders: operation.runtimePlaceholders,
          generation: operation.generation,
        },
      };
    case 'workflow':
      return {
        workflow_definition: {
          workflow_id: operation.workflowId,
          workflow_name: operation.workflowName,
          input: operation.input,
          runtime_placeholders: operation.runtimePlaceholders,
        },
      };
    case 'decision':
      return {
        decision_definition: {
          expression: operation.expression,
          paths: operation.paths,
          runtime_placeholders: operation.runtimePlaceholders,
        },
      };
  }
}
