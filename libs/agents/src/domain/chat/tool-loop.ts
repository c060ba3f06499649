import type { ChatMessage, StoredMessage, ToolCall } from './chat-message.js';

export interface ModelReply {
  content: string | null;
  toolCalls: ToolCall[];
}

export interface ToolOutcome {
  content: string;
  isError: boolean;
}

export interface ToolLoopPorts {
  /** One completion; `offerTools` is false for the last, forced answer. */
  complete(messages: readonly ChatMessage[], offerTools: boolean): Promise<ModelReply>;
  runTool(call: ToolCall): Promise<ToolOutcome>;
  /** Every new message, as soon as it exists (the session keeps it). */
  record(message: StoredMessage): Promise<void>;
}

export interface ToolRun {
  call: ToolCall;
  outcome: ToolOutcome;
}

export interface TurnResult {
  answer: string;
  toolRuns: ToolRun[];
  /** True when the model still wanted tools after the last allowed round and was made to answer. */
  roundLimitReached: boolean;
}

/**
 * One chat turn: ask the model; while it answers with tool calls, run them, feed the
 * results back and ask again. After `maxRounds` rounds of tools the model is asked once
 * more without tools, so that a turn always ends with an answer.
 */
export async function runToolLoop(
  conversation: readonly ChatMessage[],
  maxRounds: number,
  ports: ToolLoopPorts,
): Promise<TurnResult> {
  const messages: ChatMessage[] = [...conversation];
  const toolRuns: ToolRun[] = [];
  const add = async (message: StoredMessage) => {
    messages.push(message);
    await ports.record(message);
  };

  for (let round = 0; round <= maxRounds; round++) {
    const offerTools = round < maxRounds;
    const reply = await ports.complete(messages, offerTools);
    const toolCalls = offerTools ? reply.toolCalls : [];
    await add({ role: 'assistant', content: reply.content, toolCalls });
    if (toolCalls.length === 0) {
      return {
        answer: reply.content ?? '',
        toolRuns,
        roundLimitReached: !offerTools && maxRounds > 0,
      };
    }
    for (const call of toolCalls) {
      const outcome = await ports.runTool(call);
      toolRuns.push({ call, outcome });
      await add({
        role: 'tool',
        toolCallId: call.id,
        name: call.name,
        content: outcome.content,
        isError: outcome.isError,
      });
    }
  }
  // Unreachable: the last round offers no tools and therefore returns.
  throw new Error('tool loop ended without an answer');
}
