import type { AgentRef } from '../../domain/agent.js';
import type { AgentPrompt, PromptContent } from '../../domain/agent-prompt.js';

export interface DeleteOutcome {
  deleted: boolean;
  /** Agents that still use the row; when not empty, nothing was deleted. */
  usedBy: AgentRef[];
}

/** Prompts of one account. Making a prompt the default clears the previous default atomically. */
export abstract class PromptRepository {
  abstract create(accountId: string, id: string, content: PromptContent): Promise<AgentPrompt>;
  abstract list(accountId: string): Promise<AgentPrompt[]>;
  /** Null for an unknown id, a malformed one, or another account's. */
  abstract find(accountId: string, id: string): Promise<AgentPrompt | null>;
  /** Those of `ids` the account has, in no particular order. */
  abstract findMany(accountId: string, ids: readonly string[]): Promise<AgentPrompt[]>;
  abstract findDefault(accountId: string): Promise<AgentPrompt | null>;
  abstract replace(
    accountId: string,
    id: string,
    content: PromptContent,
  ): Promise<AgentPrompt | null>;
  abstract delete(accountId: string, id: string): Promise<DeleteOutcome>;
}
