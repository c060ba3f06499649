import { Command } from '@nestjs/cqrs';
import type { TurnListener } from '../../../domain/chat/turn-events.js';
import type { UnavailableToolServer } from '../../services/agent-toolsets.js';

export interface ChatToolCallView {
  id: string;
  name: string;
  arguments: string;
  result: string;
  isError: boolean;
}

export interface ChatTurn {
  sessionId: string;
  agentId: string;
  answer: string;
  toolCalls: ChatToolCallView[];
  roundLimitReached: boolean;
  unavailableToolServers: UnavailableToolServer[];
}

/**
 * POST /agent/chat: one turn of a conversation with an agent. Without `sessionId` a new
 * session starts; a session runs one turn at a time (409 while one is in progress).
 * With a `listener` (POST /agent/stream-chat) the model's reply is streamed and the turn
 * reports its progress; `message_start` comes once the session is locked, so that errors
 * before it (unknown agent, busy session) can still be answered as plain HTTP errors.
 */
export class ChatWithAgentCommand extends Command<ChatTurn> {
  constructor(
    readonly accountId: string,
    readonly agentId: string,
    readonly message: string,
    readonly sessionId?: string,
    readonly listener?: TurnListener,
    /** Extra system message for this turn only (not stored). */
    readonly context?: string,
  ) {
    super();
  }
}
