import type { ChatMessage } from './chat-message.js';

/**
 * The system messages of a turn: the agent's prompts in the agent's order, or, for an
 * agent without prompts, the account's default prompt when there is one.
 */
export function systemMessages(
  promptIds: readonly string[],
  prompts: readonly { id: string; content: string }[],
  defaultPrompt: { content: string } | null,
): ChatMessage[] {
  if (promptIds.length === 0)
    return defaultPrompt ? [{ role: 'system', content: defaultPrompt.content }] : [];
  const byId = new Map(prompts.map((prompt) => [prompt.id, prompt.content]));
  return promptIds.flatMap((id) => {
    const content = byId.get(id);
    return content === undefined ? [] : [{ role: 'system' as const, content }];
  });
}
