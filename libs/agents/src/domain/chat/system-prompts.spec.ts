import { describe, expect, it } from 'vitest';
import { systemMessages } from './system-prompts.js';

describe('the system messages of a turn', () => {
  const prompts = [
    { id: 'a', content: 'A' },
    { id: 'b', content: 'B' },
  ];

  it("follows the agent's order of prompts", () => {
    expect(systemMessages(['b', 'a'], prompts, { content: 'default' })).toEqual([
      { role: 'system', content: 'B' },
      { role: 'system', content: 'A' },
    ]);
  });

  it("uses the account's default prompt only for an agent without prompts", () => {
    expect(systemMessages([], [], { content: 'default' })).toEqual([
      { role: 'system', content: 'default' },
    ]);
    expect(systemMessages([], [], null)).toEqual([]);
  });
});
