import type { ChatMessage } from '../../domain/chat/chat-message.js';
import type { ModelReply } from '../../domain/chat/tool-loop.js';

/** A function the model may call: name, description and a JSON Schema of its arguments. */
export interface ChatToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The language model behind chat (an OpenAI-compatible chat completions endpoint). */
export abstract class ChatModel {
  /** False when no model is configured: chat answers 503. */
  abstract readonly configured: boolean;
  /** `offerTools: false` asks for a plain answer even though tools were used before. */
  abstract complete(
    messages: readonly ChatMessage[],
    tools: readonly ChatToolSpec[],
    offerTools: boolean,
  ): Promise<ModelReply>;
  /** The same completion, streamed: `onText` receives the reply's text as it arrives. */
  abstract stream(
    messages: readonly ChatMessage[],
    tools: readonly ChatToolSpec[],
    offerTools: boolean,
    onText: (delta: string) => void,
  ): Promise<ModelReply>;
}
