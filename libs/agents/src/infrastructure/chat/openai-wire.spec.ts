import { describe, expect, it } from 'vitest';
import {
  readCompletion,
  sseData,
  StreamedCompletion,
  toWireMessages,
  toWireTools,
} from './openai-wire.js';

describe('the chat completions wire format', () => {
  it('writes every kind of message the way the API expects', () => {
    expect(
      toWireMessages([
        { role: 'system', content: 's' },
        { role: 'user', content: 'u' },
        { role: 'assistant', content: 'plain', toolCalls: [] },
        { role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'f', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'c1', name: 'f', content: 'r', isError: false },
      ]),
    ).toEqual([
      { role: 'system', content: 's' },
      { role: 'user', content: 'u' },
      { role: 'assistant', content: 'plain' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'r' },
    ]);
    expect(toWireTools([{ name: 'f', description: 'd', parameters: { type: 'object' } }])).toEqual([
      {
        type: 'function',
        function: { name: 'f', description: 'd', parameters: { type: 'object' } },
      },
    ]);
  });

  it('reads an answer and tool calls, filling in missing ids and object arguments', () => {
    expect(
      readCompletion({
        choices: [
          {
            message: {
              content: null,
              tool_calls: [
                { id: 'x', function: { name: 'a', arguments: '{"q":1}' } },
                { function: { name: 'b', arguments: { q: 2 } } },
              ],
            },
          },
        ],
      }),
    ).toEqual({
      content: null,
      toolCalls: [
        { id: 'x', name: 'a', arguments: '{"q":1}' },
        { id: 'call_1', name: 'b', arguments: '{"q":2}' },
      ],
    });
    expect(readCompletion({ choices: [{ message: { content: 'hi' } }] })).toEqual({
      content: 'hi',
      toolCalls: [],
    });
  });

  it('says what is wrong with an unusable answer', () => {
    expect(readCompletion({})).toBe('the answer has no choices[0].message');
    expect(readCompletion(null)).toBe('the answer has no choices[0].message');
    expect(readCompletion({ choices: [{ message: { tool_calls: [{ function: {} }] } }] })).toBe(
      'tool call 0 has no function name',
    );
  });
});

describe('StreamedCompletion', () => {
  const chunk = (delta: unknown) => ({ choices: [{ index: 0, delta }] });

  it('joins the text pieces and hands each one back as it comes', () => {
    const completion = new StreamedCompletion();
    const pieces = [{ role: 'assistant' }, { content: 'Hello ' }, { content: 'there' }, {}].map(
      (delta) => completion.add(chunk(delta)),
    );
    expect(pieces).toEqual(['', 'Hello ', 'there', '']);
    expect(completion.reply()).toEqual({ content: 'Hello there', toolCalls: [] });
  });

  it('puts tool calls together from their fragments, by index', () => {
    const completion = new StreamedCompletion();
    for (const delta of [
      { tool_calls: [{ index: 1, id: 'b', function: { name: 'second', arguments: '' } }] },
      { tool_calls: [{ index: 0, id: 'a', function: { name: 'first' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] },
    ])
      completion.add(chunk(delta));
    expect(completion.reply()).toEqual({
      content: null,
      toolCalls: [
        { id: 'a', name: 'first', arguments: '{"q":"x"}' },
        { id: 'b', name: 'second', arguments: '{}' },
      ],
    });
  });

  it('says what is wrong with a tool call that never got a name', () => {
    const completion = new StreamedCompletion();
    completion.add(chunk({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }));
    expect(completion.reply()).toBe('tool call 0 has no function name');
  });
});

describe('sseData', () => {
  it('yields the data lines of a stream cut at arbitrary byte boundaries', async () => {
    const text = 'data: {"a":1}\r\n\r\n: comment\n\ndata: {"b":2}\n\ndata: [DONE]';
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let start = 0; start < bytes.length; start += 5)
          controller.enqueue(bytes.slice(start, start + 5));
        controller.close();
      },
    });
    const seen: string[] = [];
    for await (const data of sseData(stream)) seen.push(data);
    expect(seen).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
  });
});
