import type { StoredMessage } from './chat-message.js';

/**
 * The stored history as the model may see it again: an assistant message whose tool calls
 * did not all get an answer (a turn cut short by a crash) is left out, together with the
 * answers it did get, because chat APIs refuse unanswered tool calls.
 */
export function replayableHistory(messages: readonly StoredMessage[]): StoredMessage[] {
  const result: StoredMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (message.role === 'tool') continue; // kept together with their assistant message below
    if (message.role !== 'assistant' || message.toolCalls.length === 0) {
      result.push(message);
      continue;
    }
    const answers: StoredMessage[] = [];
    let next = index + 1;
    while (next < messages.length && messages[next].role === 'tool') answers.push(messages[next++]);
    const answered = new Set(
      answers.map((answer) => (answer.role === 'tool' ? answer.toolCallId : '')),
    );
    if (message.toolCalls.every((call) => answered.has(call.id))) result.push(message, ...answers);
    index = next - 1;
  }
  return result;
}
