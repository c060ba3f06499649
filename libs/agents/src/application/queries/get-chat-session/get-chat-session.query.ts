import { Query } from '@nestjs/cqrs';
import type { ChatSessionView } from '../../ports/chat-session.repository.js';

/** GET /agent/chat/{session_id}: a session's messages, oldest first. */
export class GetChatSessionQuery extends Query<ChatSessionView> {
  constructor(
    readonly accountId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}
