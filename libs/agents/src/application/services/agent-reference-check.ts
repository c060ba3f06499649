import { Injectable } from '@nestjs/common';
import { ProviderDirectory, sandboxProviderId } from '@app/fhir-provider';
import { AppError } from '@app/shared';
import { WorkflowDirectory } from '@app/workflows';
import type { AgentContent } from '../../domain/agent.js';
import type { AgentDraft } from '../../domain/agent-draft.js';
import { AgentsErrorCodes } from '../../domain/agents-errors.js';
import {
  missingIds,
  missingReferencesMessage,
  type ReferenceKind,
} from '../../domain/references.js';
import { PromptRepository } from '../ports/prompt.repository.js';
import { ToolServerRepository } from '../ports/tool-server.repository.js';

/** Requested ids in their stored spelling, in the order asked, without repeats. */
function canonical(requested: readonly string[], found: readonly string[]): string[] {
  const byLower = new Map(found.map((id) => [id.toLowerCase(), id]));
  return [...new Set(requested.flatMap((id) => byLower.get(id.toLowerCase()) ?? []))];
}

/**
 * Checks that every prompt, tool server, workflow and FHIR provider an agent names belongs
 * to the account (400 naming every missing id at once), and settles the provider: names
 * become ids, and no provider means the account's sandbox.
 */
@Injectable()
export class AgentReferenceCheck {
  constructor(
    private readonly prompts: PromptRepository,
    private readonly toolServers: ToolServerRepository,
    private readonly workflowDirectory: WorkflowDirectory,
    private readonly providerDirectory: ProviderDirectory,
  ) {}

  async resolve(accountId: string, draft: AgentDraft): Promise<AgentContent> {
    const prompts = (await this.prompts.findMany(accountId, draft.promptIds)).map((p) => p.id);
    const tools = (await this.toolServers.findMany(accountId, draft.toolServerIds)).map(
      (found) => found.server.id,
    );
    const workflows =
      draft.workflowIds.length === 0
        ? []
        : (await this.workflowDirectory.list(accountId, draft.workflowIds)).map(
            (workflow) => workflow.id,
          );
    const providerRefs =
      draft.provider === undefined
        ? []
        : typeof draft.provider === 'string'
          ? [draft.provider]
          : draft.provider;
    const providers = new Map<string, string>();
    for (const reference of new Set(providerRefs)) {
      const found = await this.providerDirectory.find(accountId, reference);
      if (found) providers.set(reference, found.id);
    }

    const missing: Record<ReferenceKind, string[]> = {
      prompts: missingIds(draft.promptIds, prompts),
      tools: missingIds(draft.toolServerIds, tools),
      workflows: missingIds(draft.workflowIds, workflows),
      provider: [...new Set(providerRefs)].filter((reference) => !providers.has(reference)),
    };
    const message = missingReferencesMessage(missing);
    if (message !== null) {
      throw AppError.badRequest(
        AgentsErrorCodes.UNKNOWN_REFERENCES,
        message,
        Object.fromEntries(Object.entries(missing).filter(([, ids]) => ids.length > 0)),
      );
    }

    const providerIds = [...new Set(providerRefs.map((reference) => providers.get(reference)!))];
    return {
      name: draft.name,
      description: draft.description,
      promptIds: canonical(draft.promptIds, prompts),
      toolServerIds: canonical(draft.toolServerIds, tools),
      workflowIds: canonical(draft.workflowIds, workflows),
      tags: draft.tags,
      provider:
        draft.provider === undefined
          ? sandboxProviderId(accountId)
          : typeof draft.provider === 'string'
            ? providerIds[0]
            : providerIds,
    };
  }
}
