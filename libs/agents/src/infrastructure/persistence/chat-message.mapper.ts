import type { StoredMessage } from '../../domain/chat/chat-message.js';
import type { ChatMessageEntity } from './chat-session.entity.js';

export function toStoredMessage(row: ChatMessageEntity): StoredMessage {
  switch (row.role) {
    case 'user':
      return { role: 'user', content: row.content ?? '' };
    case 'assistant':
      return { role: 'assistant', content: row.content, toolCalls: row.toolCalls ?? [] };
    case 'tool':
      return {
        role: 'tool',
        toolCallId: row.toolCallId ?? '',
        name: row.toolName ?? '',
        content: row.content ?? '',
        isError: row.isError,
      };
  }
}

export function messageColumns(message: StoredMessage) {
  return {
    role: message.role,
    content: message.content,
    toolCalls: message.role === 'assistant' ? message.toolCalls : null,
    toolCallId: message.role === 'tool' ? message.toolCallId : null,
    toolName: message.role === 'tool' ? message.name : null,
    isError: message.role === 'tool' ? message.isError : false,
  };
}
