import type { StoredMessage } from './chat-message.js';

/**
 * The public API's view of a session's messages. Its roles differ from the chat model's:
 * `user`; `assistant` for text from the model; `model` for each tool call the model asked
 * for; `function` for each tool result. One stored assistant message with text and two
 * tool calls is therefore three listed messages.
 */
export type ListedRole = 'user' | 'assistant' | 'model' | 'function';
export const LISTED_ROLES: readonly ListedRole[] = ['user', 'assistant', 'model', 'function'];

export interface ListedMessage {
  /** `<session id>-<stored position>` (`-<call index>` for a tool call): stable across calls. */
  id: string;
  role: ListedRole;
  content: string;
  createdAt: Date;
  functionName?: string;
  functionArgs?: Record<string, unknown>;
  functionResult?: Record<string, unknown>;
  /** 1-based position in the whole listed conversation. */
  order: number;
}

export type StoredWithTime = StoredMessage & { createdAt: Date; seq: number };

/** A tool call's arguments as an object: the parsed JSON, or `{ raw }` when it is not one. */
export function argumentsObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // not JSON: handed back as written
  }
  return { raw: text };
}

export function listedMessages(
  sessionId: string,
  stored: readonly StoredWithTime[],
): ListedMessage[] {
  const listed: Omit<ListedMessage, 'order'>[] = [];
  for (const message of stored) {
    const id = `${sessionId}-${message.seq}`;
    const createdAt = message.createdAt;
    switch (message.role) {
      case 'user':
        listed.push({ id, role: 'user', content: message.content, createdAt });
        break;
      case 'assistant':
        if (message.content !== null && message.content !== '')
          listed.push({ id, role: 'assistant', content: message.content, createdAt });
        message.toolCalls.forEach((call, index) =>
          listed.push({
            id: `${id}-${index}`,
            role: 'model',
            content: call.arguments,
            createdAt,
            functionName: call.name,
            functionArgs: argumentsObject(call.arguments),
          }),
        );
        break;
      case 'tool':
        listed.push({
          id,
          role: 'function',
          content: message.content,
          createdAt,
          functionName: message.name,
          functionResult: { content: message.content, is_error: message.isError },
        });
        break;
    }
  }
  return listed.map((message, index) => ({ ...message, order: index + 1 }));
}

export interface MessageSelection {
  roles: readonly ListedRole[];
  limit: number;
  order: 'asc' | 'desc';
}

/**
 * The messages of the given roles (all when none are given), in the given order, the
 * first `limit` of them: with `desc`, the latest ones. `total` counts before the limit.
 */
export function selectMessages(
  messages: readonly ListedMessage[],
  selection: MessageSelection,
): { total: number; messages: ListedMessage[] } {
  const roles = new Set(selection.roles);
  const matching = messages.filter((message) => roles.size === 0 || roles.has(message.role));
  const ordered = selection.order === 'desc' ? [...matching].reverse() : matching;
  return { total: matching.length, messages: ordered.slice(0, selection.limit) };
}
