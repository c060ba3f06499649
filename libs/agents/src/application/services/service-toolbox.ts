import { Injectable, Logger } from '@nestjs/common';
import { CodeSearch } from '@app/construe';
import { TextToFhir } from '@app/lang2fhir';
import { FhirToOmopMapper } from '@app/omop';
import { SummaryGenerator } from '@app/summary';
import { WorkflowDirectory, WorkflowRunner } from '@app/workflows';
import { builtinTools, type BuiltinCapabilities } from '../tools/builtin-tools.js';
import type { ServiceTool } from '../tools/service-tool.js';
import { workflowTools } from '../tools/workflow-tools.js';

/** The service's tools for one account: the builtin capabilities and the account's workflows. */
@Injectable()
export class ServiceToolbox {
  private readonly logger = new Logger(ServiceToolbox.name);
  private readonly capabilities: BuiltinCapabilities;

  constructor(
    codes: CodeSearch,
    lang2fhir: TextToFhir,
    omop: FhirToOmopMapper,
    summaries: SummaryGenerator,
    private readonly workflows: WorkflowDirectory,
    private readonly runner: WorkflowRunner,
  ) {
    this.capabilities = { codes, lang2fhir, omop, summaries };
  }

  /**
   * `workflowIds` limits the workflows to those (an agent's); without it, every workflow of
   * the account (the MCP endpoint). When the workflows cannot be listed, the builtin tools
   * are still offered and the failure is logged.
   */
  async forAccount(accountId: string, workflowIds?: readonly string[]): Promise<ServiceTool[]> {
    const tools = builtinTools(accountId, this.capabilities);
    if (workflowIds !== undefined && workflowIds.length === 0) return tools;
    const taken = new Set(tools.map((tool) => tool.name));
    try {
      const workflows = await this.workflows.list(accountId, workflowIds);
      return [...tools, ...workflowTools(accountId, workflows, this.runner, taken)];
    } catch (error) {
      this.logger.warn(
        `Workflows are not offered as tools: listing them failed (${(error as Error).message})`,
      );
      return tools;
    }
  }
}
