import { describe, expect, it } from 'vitest';
import { listedMessages, selectMessages, type StoredWithTime } from './message-listing.js';

const at = new Date('2026-01-01T00:00:00Z');
const stored: StoredWithTime[] = [
  { role: 'user', content: 'search asthma', createdAt: at, seq: 0 },
  {
    role: 'assistant',
    content: 'Looking it up',
    toolCalls: [
      { id: 'c1', name: 'search', arguments: '{"q":"asthma"}' },
      { id: 'c2', name: 'echo', arguments: 'not json' },
    ],
    createdAt: at,
    seq: 1,
  },
  {
    role: 'tool',
    toolCallId: 'c1',
    name: 'search',
    content: 'J45',
    isError: false,
    createdAt: at,
    seq: 2,
  },
  {
    role: 'tool',
    toolCallId: 'c2',
    name: 'echo',
    content: 'x',
    isError: true,
    createdAt: at,
    seq: 3,
  },
  { role: 'assistant', content: 'It is J45', toolCalls: [], createdAt: at, seq: 4 },
];

describe('listedMessages', () => {
  it('splits tool calls into model messages and tool results into function messages', () => {
    const listed = listedMessages('s', stored);
    expect(listed.map((message) => [message.id, message.role, message.order])).toEqual([
      ['s-0', 'user', 1],
      ['s-1', 'assistant', 2],
      ['s-1-0', 'model', 3],
      ['s-1-1', 'model', 4],
      ['s-2', 'function', 5],
      ['s-3', 'function', 6],
      ['s-4', 'assistant', 7],
    ]);
    expect(listed[2]).toMatchObject({ functionName: 'search', functionArgs: { q: 'asthma' } });
    expect(listed[3].functionArgs).toEqual({ raw: 'not json' });
    expect(listed[5].functionResult).toEqual({ content: 'x', is_error: true });
  });
});

describe('selectMessages', () => {
  const listed = listedMessages('s', stored);

  it('gives the latest first with desc, cut to the limit, counting every match', () => {
    const selected = selectMessages(listed, { roles: [], limit: 2, order: 'desc' });
    expect(selected.total).toBe(7);
    expect(selected.messages.map((message) => message.id)).toEqual(['s-4', 's-3']);
  });

  it('filters by several roles and keeps the conversation order with asc', () => {
    const selected = selectMessages(listed, {
      roles: ['user', 'assistant'],
      limit: 10,
      order: 'asc',
    });
    expect(selected.total).toBe(3);
    expect(selected.messages.map((message) => message.content)).toEqual([
      'search asthma',
      'Looking it up',
      'It is J45',
    ]);
  });
});
