import type { Agent, AgentContent, AgentRef } from '../../domain/agent.js';

/** Agents of one account, with the prompts and tool servers they link in order. */
export abstract class AgentRepository {
  abstract create(accountId: string, id: string, content: AgentContent): Promise<Agent>;
  abstract list(accountId: string): Promise<Agent[]>;
  abstract find(accountId: string, id: string): Promise<Agent | null>;
  abstract replace(accountId: string, id: string, content: AgentContent): Promise<Agent | null>;
  abstract delete(accountId: string, id: string): Promise<boolean>;
  /** Agents of the account that offer this workflow as a tool. */
  abstract findUsingWorkflow(accountId: string, workflowId: string): Promise<AgentRef[]>;
}
