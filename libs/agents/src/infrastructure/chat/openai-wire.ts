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

interface WireDeltaToolCall {
  index?: unknown;
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

/**
 * A streamed completion (`stream: true`) put back together from its chunks: the text
 * arrives in `choices[0].delta.content` pieces, each tool call in pieces keyed by `index`
 * (its id and name first, its arguments in fragments).
 */
export class StreamedCompletion {
  private text = '';
  private sawText = false;
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();

  /** Takes one chunk; returns the text it adds ('' when none). */
  add(chunk: unknown): string {
    const delta = (chunk as { choices?: { delta?: unknown }[] } | null)?.choices?.[0]?.delta as
      { content?: unknown; tool_calls?: unknown } | undefined;
    if (typeof delta !== 'object' || delta === null) return '';
    const wireCalls = Array.isArray(delta.tool_calls)
      ? (delta.tool_calls as WireDeltaToolCall[])
      : [];
    for (const [position, call] of wireCalls.entries()) {
      const index = typeof call.index === 'number' ? call.index : position;
      const entry = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
      if (typeof call.id === 'string' && call.id !== '') entry.id = call.id;
      if (typeof call.function?.name === 'string') entry.name += call.function.name;
      if (typeof call.function?.arguments === 'string') entry.arguments += call.function.arguments;
      this.calls.set(index, entry);
    }
    if (typeof delta.content !== 'string') return '';
    this.sawText = true;
    this.text += delta.content;
    return delta.content;
  }

  /** The whole reply, or a sentence saying what is wrong with it. */
  reply(): ModelReply | string {
    const toolCalls: ToolCall[] = [];
    for (const [index, call] of [...this.calls.entries()].sort(([a], [b]) => a - b)) {
      if (call.name === '') return `tool call ${index} has no function name`;
      toolCalls.push({
        id: call.id !== '' ? call.id : `call_${index}`,
        name: call.name,
        arguments: call.arguments === '' ? '{}' : call.arguments,
      });
    }
    return { content: this.sawText ? this.text : null, toolCalls };
  }
}

/** The `data:` payloads of a server-sent event stream, as they arrive. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) yield line.slice(5).trimStart();
    }
  }
  const last = buffer.trim();
  if (last.startsWith('data:')) yield last.slice(5).trimStart();
}
