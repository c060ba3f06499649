import type { ToolCall } from './chat-message.js';
import type { ToolOutcome } from './tool-loop.js';

/** What a streamed chat turn reports while it runs, in order. */
export type TurnEvent =
  | { type: 'message_start'; sessionId: string }
  | { type: 'content_delta'; content: string }
  | { type: 'tool_use'; call: ToolCall }
  | { type: 'tool_result'; call: ToolCall; outcome: ToolOutcome };

export type TurnListener = (event: TurnEvent) => void;
