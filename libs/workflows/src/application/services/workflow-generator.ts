import { Injectable } from '@nestjs/common';
import { AppError, expectedFailure } from '@app/shared';
import { findCallCycle } from '../../domain/graph/call-graph.js';
import { planWorkflow, type TemplateRequest } from '../../domain/planner/plan-workflow.js';
import { fallbackResource } from '../../domain/planner/templates/fallback.js';
import type { KnownWorkflow } from '../../domain/planner/sub-workflows.js';
import { finalizeTemplate } from '../../domain/planner/templates/finalize-template.js';
import { calledWorkflowIds, type Workflow, type WorkflowStep } from '../../domain/workflow.js';
import { WorkflowErrorCodes } from '../../domain/workflow-errors.js';
import { ProviderDirectory, type ProviderRef } from '../ports/provider-directory.js';
import { ResourceBuilder, type BuiltResource } from '../ports/resource-builder.js';
import { WorkflowRepository, type WorkflowContent } from '../ports/workflow.repository.js';

export interface WorkflowRequest {
  name: string;
  instructions: string;
  sampleData: Record<string, unknown>;
  /** Provider ids (or names), as given. */
  providers: string[];
  dynamicGeneration: boolean;
}

export interface GeneratedWorkflow {
  content: WorkflowContent;
  warnings: string[];
}

/**
 * Shared by create and update: checks the providers, plans the graph against the
 * account's other workflows, has lang2fhir build the create templates, and refuses a
 * graph that would make workflows call each other in a loop.
 */
@Injectable()
export class WorkflowGenerator {
  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly directory: ProviderDirectory,
    private readonly builder: ResourceBuilder,
  ) {}

  async generate(
    accountId: string,
    request: WorkflowRequest,
    workflowId: string,
  ): Promise<GeneratedWorkflow> {
    const providers = await this.resolveProviders(accountId, request.providers);
    const stored = await this.workflows.list(accountId);
    const plan = planWorkflow({
      instructions: request.instructions,
      sampleData: request.sampleData,
      providers,
      dynamicGeneration: request.dynamicGeneration,
      workflows: stored.map(knownWorkflow),
    });
    const warnings = [...plan.warnings];
    for (const templateRequest of plan.templateRequests) {
      const step = plan.steps.find((candidate) => candidate.id === templateRequest.stepId)!;
      if (step.operation.kind !== 'create') continue;
      const built = await this.build(accountId, step, templateRequest);
      step.operation.resourceTemplate = finalizeTemplate(
        step.operation.resourceTemplate,
        built.resource,
        templateRequest.samples,
        built.derivations,
      );
      if (built.fallback) {
        warnings.push(
          `${step.id} ("${step.description}"): lang2fhir found nothing to build in "${templateRequest.text}", so its template was made from the fields alone`,
        );
      }
    }
    const graph = { steps: plan.steps };
    this.refuseCycles(workflowId, calledWorkflowIds(graph), stored);
    return {
      content: {
        name: request.name,
        instructions: request.instructions,
        sampleData: request.sampleData,
        config: {
          fhirProviderIds: providers.map((provider) => provider.id),
          dynamicGeneration: request.dynamicGeneration,
        },
        graph,
      },
      warnings,
    };
  }

  private async resolveProviders(accountId: string, references: string[]): Promise<ProviderRef[]> {
    const found = await Promise.all(
      references.map(async (reference) => ({
        reference,
        provider: await this.directory.find(accountId, reference),
      })),
    );
    const unknown = found
      .filter((entry) => entry.provider === null)
      .map((entry) => entry.reference);
    if (unknown.length > 0) {
      throw AppError.badRequest(
        WorkflowErrorCodes.UNKNOWN_PROVIDER,
        `fhir_provider_id names no FHIR provider of yours: ${unknown.join(', ')}`,
        { unknown_provider_ids: unknown },
      );
    }
    const providers = found.map((entry) => entry.provider!);
    return providers.filter(
      (provider, index) => providers.findIndex((other) => other.id === provider.id) === index,
    );
  }

  /** The resource lang2fhir builds for a template; when it finds nothing to build, one made from the fields. */
  private async build(
    accountId: string,
    step: WorkflowStep,
    request: TemplateRequest,
  ): Promise<BuiltResource & { fallback: boolean }> {
    try {
      return {
        ...(await this.builder.build(accountId, request.resource, request.text)),
        fallback: false,
      };
    } catch (error) {
      const failure = expectedFailure(error);
      if (!failure) throw error;
      const resourceType = step.operation.kind === 'create' ? step.operation.resourceType : '';
      const fallback =
        failure.status === 422 ? fallbackResource(resourceType, request.samples) : null;
      if (fallback) return { resource: fallback, derivations: [], fallback: true };
      throw new AppError(
        422,
        WorkflowErrorCodes.TEMPLATE_FAILED,
        `${step.id} ("${step.description}"): lang2fhir could not build a ${request.resource} resource from "${request.text}": ${failure.message}`,
        failure.details,
      );
    }
  }

  private refuseCycles(workflowId: string, calls: string[], stored: Workflow[]): void {
    const edges = new Map(
      stored.map((workflow) => [workflow.id, calledWorkflowIds(workflow.graph)]),
    );
    const cycle = findCallCycle(workflowId, calls, edges);
    if (!cycle) return;
    const names = new Map(stored.map((workflow) => [workflow.id, workflow.name]));
    throw AppError.conflict(
      WorkflowErrorCodes.CYCLE,
      `These workflows would call each other in a loop: ${cycle.map((id) => `"${names.get(id) ?? id}"`).join(' → ')}`,
      { cycle },
    );
  }
}

export function knownWorkflow(workflow: Workflow): KnownWorkflow {
  const producedTypes = workflow.graph.steps.flatMap((step) =>
    step.operation.kind === 'search' || step.operation.kind === 'create'
      ? [step.operation.resourceType]
      : [],
  );
  return {
    id: workflow.id,
    name: workflow.name,
    inputFields: Object.keys(workflow.sampleData),
    producedTypes: [...new Set(producedTypes)],
  };
}
