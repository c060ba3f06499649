import { Query } from '@nestjs/cqrs';
import type { ListedMessage, MessageSelection } from '../../../domain/chat/message-listing.js';

export interface ChatMessagePage {
  sessionId: string;
  total: number;
  messages: ListedMessage[];
}

/** GET /agent/chat/messages: a session's messages in the public API's roles. */
export class ListChatMessagesQuery extends Query<ChatMessagePage> {
  constructor(
    readonly accountId: string,
    readonly sessionId: string,
    readonly selection: MessageSelection,
  ) {
    super();
  }
}
