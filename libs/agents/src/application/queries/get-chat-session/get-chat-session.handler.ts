import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@app/shared';
import { AgentsErrorCodes } from '../../../domain/agents-errors.js';
import { TURN_LEASE_MS } from '../../../domain/chat/turn-lease.js';
import {
  ChatSessionRepository,
  type ChatSessionView,
} from '../../ports/chat-session.repository.js';
import { GetChatSessionQuery } from './get-chat-session.query.js';

@QueryHandler(GetChatSessionQuery)
export class GetChatSessionHandler implements IQueryHandler<GetChatSessionQuery> {
  constructor(private readonly sessions: ChatSessionRepository) {}

  async execute({ accountId, sessionId }: GetChatSessionQuery): Promise<ChatSessionView> {
    const session = await this.sessions.view(accountId, sessionId, TURN_LEASE_MS);
    if (!session) {
      throw AppError.notFound(
        AgentsErrorCodes.SESSION_NOT_FOUND,
        `Chat session ${sessionId} not found`,
      );
    }
    return session;
  }
}
