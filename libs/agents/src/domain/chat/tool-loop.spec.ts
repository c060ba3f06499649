import { describe, expect, it } from 'vitest';
import type { ChatMessage, StoredMessage, ToolCall } from './chat-message.js';
import { runToolLoop, type ModelReply } from './tool-loop.js';

function scripted(replies: ModelReply[]) {
  const seen: { messages: ChatMessage[]; offerTools: boolean }[] = [];
  const recorded: StoredMessage[] = [];
  const ran: ToolCall[] = [];
  return {
    seen,
    recorded,
    ran,
    ports: {
      complete(messages: readonly ChatMessage[], offerTools: boolean) {
        seen.push({ messages: [...messages], offerTools });
        const reply = replies.shift();
        if (!reply) throw new Error('no more replies');
        return Promise.resolve(reply);
      },
      runTool(call: ToolCall) {
        ran.push(call);
        return Promise.resolve({ content: `result of ${call.name}`, isError: false });
      },
      record(message: StoredMessage) {
        recorded.push(message);
        return Promise.resolve();
      },
    },
  };
}

const call = (id: string, name = 'lookup'): ToolCall => ({ id, name, arguments: '{}' });
const start: ChatMessage[] = [
  { role: 'system', content: 'be brief' },
  { role: 'user', content: 'hi' },
];

describe('the tool loop of a chat turn', () => {
  it('answers at once when the model calls no tool', async () => {
    const model = scripted([{ content: 'hello', toolCalls: [] }]);
    const result = await runToolLoop(start, 3, model.ports);
    expect(result).toEqual({ answer: 'hello', toolRuns: [], roundLimitReached: false });
    expect(model.recorded).toEqual([{ role: 'assistant', content: 'hello', toolCalls: [] }]);
  });

  it('runs each tool call, feeds the results back, and returns the final answer', async () => {
    const model = scripted([
      { content: null, toolCalls: [call('a'), call('b', 'other')] },
      { content: 'done', toolCalls: [] },
    ]);
    const result = await runToolLoop(start, 3, model.ports);
    expect(result.answer).toBe('done');
    expect(model.ran.map((ran) => ran.id)).toEqual(['a', 'b']);
    expect(model.seen[1].messages.slice(2)).toEqual([
      { role: 'assistant', content: null, toolCalls: [call('a'), call('b', 'other')] },
      {
        role: 'tool',
        toolCallId: 'a',
        name: 'lookup',
        content: 'result of lookup',
        isError: false,
      },
      { role: 'tool', toolCallId: 'b', name: 'other', content: 'result of other', isError: false },
    ]);
    expect(model.recorded.map((message) => message.role)).toEqual([
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
    // The conversation given is not changed.
    expect(start).toHaveLength(2);
  });

  it('after the last round of tools, asks once more without tools and ignores further calls', async () => {
    const model = scripted([
      { content: null, toolCalls: [call('1')] },
      { content: null, toolCalls: [call('2')] },
      { content: 'forced', toolCalls: [call('3')] },
    ]);
    const result = await runToolLoop(start, 2, model.ports);
    expect(result).toMatchObject({ answer: 'forced', roundLimitReached: true });
    expect(model.seen.map((step) => step.offerTools)).toEqual([true, true, false]);
    expect(model.ran.map((ran) => ran.id)).toEqual(['1', '2']);
    expect(model.recorded[model.recorded.length - 1]).toEqual({
      role: 'assistant',
      content: 'forced',
      toolCalls: [],
    });
  });
});
