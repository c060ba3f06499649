import type { ChatToolSpec } from '../ports/chat-model.js';
import type { ToolOutcome } from '../../domain/chat/tool-loop.js';

/** A tool offered to the model in chat: its spec, and how to run a call given the model's argument text. */
export interface ChatTool extends ChatToolSpec {
  run(argumentsText: string): Promise<ToolOutcome>;
}

export function errorOutcome(error: unknown): ToolOutcome {
  return { content: JSON.stringify({ error }), isError: true };
}
