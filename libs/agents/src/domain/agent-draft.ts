import type { AgentContent } from './agent.js';

/** An agent as a caller describes it: references not yet checked, provider possibly left out. */
export type AgentDraft = Omit<AgentContent, 'provider'> & { provider?: string | string[] };
