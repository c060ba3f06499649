import type { ChatToolSpec } from '../../application/ports/chat-model.js';
import type { ChatMessage, ToolCall } from '../../domain/chat/chat-message.js';
import type { ModelReply } from '../../domain/chat/tool-loop.js';

/** Messages in the chat completions wire format. */
export function toWireMessages(messages: readonly ChatMessage[]): Record<string, unknown>[] {
  return messages.map((message) => {
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content: message.content };
      case 'assistant':
        return message.toolCalls.length === 0
          ? { role: 'assistant', content: message.content ?? '' }
          : {
              role: 'assistant',
              content: message.content,
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: call.arguments },
              })),
            };
      case 'tool':
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    }
  });
}

export function toWireTools(tools: readonly ChatToolSpec[]): Record<string, unknown>[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}

interface WireToolCall {
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

/** The first choice of a completion, or a sentence saying what is wrong with the answer. */
export function readCompletion(body: unknown): ModelReply | string {
  const message = (body as { choices?: { message?: unknown }[] } | null)?.choices?.[0]?.message as
    { content?: unknown; tool_calls?: unknown } | undefined;
  if (typeof message !== 'object' || message === null)
    return 'the answer has no choices[0].message';
  const content = typeof message.content === 'string' ? message.content : null;
  const wireCalls = Array.isArray(message.tool_calls) ? (message.tool_calls as WireToolCall[]) : [];
  const toolCalls: ToolCall[] = [];
  for (const [index, call] of wireCalls.entries()) {
    const name = call.function?.name;
    if (typeof name !== 'string' || name === '') return `tool call ${index} has no function name`;
    const args = call.function?.arguments;
    toolCalls.push({
      id: typeof call.id === 'string' && call.id !== '' ? call.id : `call_${index}`,
      name,
      arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    });
  }
  return { content, toolCalls };
}
