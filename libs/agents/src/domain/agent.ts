/**
 * An agent: prompts (system messages, in order), MCP tool servers, workflows offered as
 * tools, and the FHIR provider(s) it works against. `provider` keeps the shape the caller
 * gave (one id, or a list of ids).
 */
export interface Agent {
  id: string;
  accountId: string;
  name: string;
  description: string;
  promptIds: string[];
  toolServerIds: string[];
  workflowIds: string[];
  tags: string[];
  provider: string | string[];
  createdAt: Date;
  updatedAt: Date;
}

export type AgentContent = Pick<
  Agent,
  'name' | 'description' | 'promptIds' | 'toolServerIds' | 'workflowIds' | 'tags' | 'provider'
>;

/** What refers to something that is about to be deleted. */
export interface AgentRef {
  id: string;
  name: string;
}

/** The provider ids an agent names, whatever the shape it was given in. */
export function providerIds(provider: string | string[]): string[] {
  return typeof provider === 'string' ? [provider] : provider;
}
