import { Command } from '@nestjs/cqrs';
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
 */
export class ChatWithAgentCommand extends Command<ChatTurn> {
  constructor(
    readonly accountId: string,
    readonly agentId: string,
    readonly message: string,
    readonly sessionId?: string,
  ) {
    super();
  }
}
