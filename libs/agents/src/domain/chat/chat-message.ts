/** A function call the model asked for; `arguments` is the JSON text the model wrote. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string; isError: boolean };

/** What a session keeps: everything but the system messages, which come from the agent's prompts. */
export type StoredMessage = Exclude<ChatMessage, { role: 'system' }>;
