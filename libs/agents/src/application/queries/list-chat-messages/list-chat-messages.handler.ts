import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { AgentsErrorCodes } from '../../../domain/agents-errors.js';
import { listedMessages, selectMessages } from '../../../domain/chat/message-listing.js';
import { TURN_LEASE_MS } from '../../../domain/chat/turn-lease.js';
import { ChatSessionRepository } from '../../ports/chat-session.repository.js';
import { ListChatMessagesQuery, type ChatMessagePage } from './list-chat-messages.query.js';

@QueryHandler(ListChatMessagesQuery)
export class ListChatMessagesHandler implements IQueryHandler<ListChatMessagesQuery> {
  constructor(private readonly sessions: ChatSessionRepository) {}

  async execute({
    accountId,
    sessionId,
    selection,
  }: ListChatMessagesQuery): Promise<ChatMessagePage> {
    const session = await this.sessions.view(accountId, sessionId, TURN_LEASE_MS);
    if (!session) {
      throw AppError.notFound(
        AgentsErrorCodes.SESSION_NOT_FOUND,
        `Chat session ${sessionId} not found`,
      );
    }
    const page = selectMessages(listedMessages(session.id, session.messages), selection);
    return { sessionId: session.id, ...page };
  }
}
