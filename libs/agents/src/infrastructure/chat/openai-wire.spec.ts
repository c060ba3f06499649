import { describe, expect, it } from 'vitest';
import { readCompletion, toWireMessages, toWireTools } from './openai-wire.js';

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
