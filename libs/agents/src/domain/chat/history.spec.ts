import { describe, expect, it } from 'vitest';
import type { StoredMessage } from './chat-message.js';
import { replayableHistory } from './history.js';

const tool = (id: string): StoredMessage => ({
  role: 'tool',
  toolCallId: id,
  name: 't',
  content: 'r',
  isError: false,
});
const asks = (...ids: string[]): StoredMessage => ({
  role: 'assistant',
  content: null,
  toolCalls: ids.map((id) => ({ id, name: 't', arguments: '{}' })),
});

describe('the history a session replays', () => {
  it('keeps complete exchanges as they are', () => {
    const history: StoredMessage[] = [
      { role: 'user', content: 'q' },
      asks('a', 'b'),
      tool('a'),
      tool('b'),
      { role: 'assistant', content: 'answer', toolCalls: [] },
    ];
    expect(replayableHistory(history)).toEqual(history);
  });

  it('leaves out tool calls a crash left without answers, with their partial answers', () => {
    const history: StoredMessage[] = [
      { role: 'user', content: 'q' },
      asks('a', 'b'),
      tool('a'),
      { role: 'user', content: 'again' },
    ];
    expect(replayableHistory(history)).toEqual([
      { role: 'user', content: 'q' },
      { role: 'user', content: 'again' },
    ]);
  });
});
