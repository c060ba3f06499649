import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppConfig, AppError } from '@app/shared';
import { randomUUID } from 'node:crypto';
import type { Agent } from '../../../domain/agent.js';
import { AgentsErrorCodes } from '../../../domain/agents-errors.js';
import type { ChatMessage } from '../../../domain/chat/chat-message.js';
import { replayableHistory } from '../../../domain/chat/history.js';
import { systemMessages } from '../../../domain/chat/system-prompts.js';
import { runToolLoop } from '../../../domain/chat/tool-loop.js';
import { TURN_LEASE_MS } from '../../../domain/chat/turn-lease.js';
import { agentNotFound, chatModelNotConfigured } from '../../errors.js';
import { AgentRepository } from '../../ports/agent.repository.js';
import { ChatModel } from '../../ports/chat-model.js';
import { ChatSessionRepository } from '../../ports/chat-session.repository.js';
import { PromptRepository } from '../../ports/prompt.repository.js';
import { AgentToolsets } from '../../services/agent-toolsets.js';
import { errorOutcome } from '../../services/chat-tool.js';
import { ChatWithAgentCommand, type ChatTurn } from './chat-with-agent.command.js';

function sessionBusy(id: string): AppError {
  return AppError.conflict(
    AgentsErrorCodes.SESSION_BUSY,
    `Chat session ${id} is answering another message; send this one when that turn has ended`,
  );
}

@CommandHandler(ChatWithAgentCommand)
export class ChatWithAgentHandler implements ICommandHandler<ChatWithAgentCommand> {
  constructor(
    private readonly model: ChatModel,
    private readonly agents: AgentRepository,
    private readonly prompts: PromptRepository,
    private readonly sessions: ChatSessionRepository,
    private readonly toolsets: AgentToolsets,
    private readonly config: AppConfig,
  ) {}

  async execute(command: ChatWithAgentCommand): Promise<ChatTurn> {
    if (!this.model.configured) throw chatModelNotConfigured();
    const agent = await this.agents.find(command.accountId, command.agentId);
    if (!agent) throw agentNotFound(command.agentId);
    const token = randomUUID();
    const sessionId = await this.lockSession(command, agent, token);
    try {
      command.listener?.({ type: 'message_start', sessionId });
      return await this.turn(agent, sessionId, token, command);
    } finally {
      await this.sessions.release(sessionId, token);
    }
  }

  /** The session this turn runs in, locked with `token`: a new one, or the caller's. */
  private async lockSession(
    command: ChatWithAgentCommand,
    agent: Agent,
    token: string,
  ): Promise<string> {
    if (command.sessionId === undefined) {
      const id = randomUUID();
      await this.sessions.createLocked(command.accountId, agent.id, id, token);
      return id;
    }
    const lock = await this.sessions.acquire(
      command.accountId,
      command.sessionId,
      agent.id,
      token,
      TURN_LEASE_MS,
    );
    switch (lock.status) {
      case 'acquired':
        return command.sessionId;
      case 'busy':
        throw sessionBusy(command.sessionId);
      case 'not-found':
        throw AppError.notFound(
          AgentsErrorCodes.SESSION_NOT_FOUND,
          `Chat session ${command.sessionId} not found`,
        );
      case 'other-agent':
        throw AppError.badRequest(
          AgentsErrorCodes.SESSION_OF_OTHER_AGENT,
          `Chat session ${command.sessionId} belongs to agent ${lock.agentId}, not ${agent.id}`,
        );
    }
  }

  private async turn(
    agent: Agent,
    sessionId: string,
    token: string,
    { message: text, listener, context }: ChatWithAgentCommand,
  ): Promise<ChatTurn> {
    const system = await this.systemMessages(agent);
    if (context !== undefined && context.trim() !== '')
      system.push({ role: 'system', content: context });
    const history = replayableHistory(await this.sessions.messages(sessionId));
    const user: ChatMessage = { role: 'user', content: text };
    await this.sessions.append(sessionId, user);
    const toolset = await this.toolsets.open(agent);
    const byName = new Map(toolset.tools.map((tool) => [tool.name, tool]));
    const keepLock = async () => {
      if (!(await this.sessions.heartbeat(sessionId, token))) throw sessionBusy(sessionId);
    };
    try {
      const result = await runToolLoop(
        [...system, ...history, user],
        this.config.chatMaxToolRounds,
        {
          complete: async (messages, offerTools) => {
            await keepLock();
            return listener
              ? this.model.stream(messages, toolset.tools, offerTools, (content) =>
                  listener({ type: 'content_delta', content }),
                )
              : this.model.complete(messages, toolset.tools, offerTools);
          },
          runTool: async (call) => {
            await keepLock();
            listener?.({ type: 'tool_use', call });
            const tool = byName.get(call.name);
            const outcome = tool
              ? await tool.run(call.arguments)
              : errorOutcome({
                  code: 'TOOL.UNKNOWN',
                  message: `There is no tool named ${call.name}`,
                });
            listener?.({ type: 'tool_result', call, outcome });
            return outcome;
          },
          record: (message) => this.sessions.append(sessionId, message),
        },
      );
      return {
        sessionId,
        agentId: agent.id,
        answer: result.answer,
        toolCalls: result.toolRuns.map(({ call, outcome }) => ({
          id: call.id,
          name: call.name,
          arguments: call.arguments,
          result: outcome.content,
          isError: outcome.isError,
        })),
        roundLimitReached: result.roundLimitReached,
        unavailableToolServers: toolset.unavailable,
      };
    } finally {
      await toolset.close();
    }
  }

  private async systemMessages(agent: Agent): Promise<ChatMessage[]> {
    if (agent.promptIds.length === 0) {
      return systemMessages([], [], await this.prompts.findDefault(agent.accountId));
    }
    return systemMessages(
      agent.promptIds,
      await this.prompts.findMany(agent.accountId, agent.promptIds),
      null,
    );
  }
}
