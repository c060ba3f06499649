import { AppError } from '@app/shared';
import type { AgentRef } from '../domain/agent.js';
import { AgentsErrorCodes } from '../domain/agents-errors.js';
import { describeRefs } from '../domain/references.js';

export function promptNotFound(id: string): AppError {
  return AppError.notFound(AgentsErrorCodes.PROMPT_NOT_FOUND, `Agent prompt ${id} not found`);
}

export function agentNotFound(id: string): AppError {
  return AppError.notFound(AgentsErrorCodes.AGENT_NOT_FOUND, `Agent ${id} not found`);
}

export function toolServerNotFound(id: string): AppError {
  return AppError.notFound(AgentsErrorCodes.TOOL_SERVER_NOT_FOUND, `Tool server ${id} not found`);
}

/** 409 naming the agents that still use what the caller wants to delete. */
export function inUse(code: string, what: string, usedBy: AgentRef[]): AppError {
  return AppError.conflict(
    code,
    `${what} is used by ${usedBy.length === 1 ? 'agent' : 'agents'} ${describeRefs(usedBy)}; remove it from them first`,
    { agents: usedBy },
  );
}

export function chatModelNotConfigured(): AppError {
  return new AppError(
    503,
    AgentsErrorCodes.CHAT_MODEL_NOT_CONFIGURED,
    'Agent chat needs a chat model: set CHAT_MODEL_URL to an OpenAI-compatible chat completions endpoint (and CHAT_MODEL_NAME, CHAT_MODEL_API_KEY as needed)',
  );
}

export function toolNotFound(id: string): AppError {
  return AppError.notFound(AgentsErrorCodes.TOOL_NOT_FOUND, `MCP server tool ${id} not found`);
}

/** 400 for a JSON Patch that cannot be applied: malformed, a missing path, a failing `test`. */
export function patchFailed(index: number, problem: string): AppError {
  const where = index < 0 ? '' : ` (operation ${index})`;
  return AppError.badRequest(
    AgentsErrorCodes.PATCH_FAILED,
    `Failed to apply JSON patch${where}: ${problem}`,
    index < 0 ? undefined : { operation: index },
  );
}
