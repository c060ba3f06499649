import type { ChatTurn } from '../../application/commands/chat-with-agent/chat-with-agent.command.js';
import type { ChatSessionView } from '../../application/ports/chat-session.repository.js';
import type { Agent } from '../../domain/agent.js';
import type { AgentPrompt } from '../../domain/agent-prompt.js';
import type { ToolServer, ToolServerTool } from '../../domain/tool-server.js';
import type { AgentDto } from './agent.dto.js';
import type { ChatMessagePage } from '../../application/queries/list-chat-messages/list-chat-messages.query.js';
import { argumentsObject } from '../../domain/chat/message-listing.js';
import type { TurnEvent } from '../../domain/chat/turn-events.js';
import type {
  ChatMessageDto,
  ChatSessionDto,
  ChatTurnDto,
  ListedChatMessageDto,
  StreamEventDto,
} from './chat.dto.js';
import type { PromptDto } from './prompt.dto.js';
import type { ServerToolDto, ToolServerDto } from './tool-server.dto.js';

export function presentPrompt(prompt: AgentPrompt): PromptDto {
  return {
    id: prompt.id,
    name: prompt.name,
    description: prompt.description,
    content: prompt.content,
    is_default: prompt.isDefault,
    tags: prompt.tags,
    created_at: prompt.createdAt.toISOString(),
    updated_at: prompt.updatedAt.toISOString(),
  };
}

export function presentAgent(agent: Agent): AgentDto {
  return {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    prompts: agent.promptIds,
    tools: agent.toolServerIds,
    workflows: agent.workflowIds,
    tags: agent.tags,
    provider: agent.provider,
    created_at: agent.createdAt.toISOString(),
    updated_at: agent.updatedAt.toISOString(),
  };
}

export function presentToolServer(server: ToolServer): ToolServerDto {
  return {
    id: server.id,
    name: server.name,
    description: server.description,
    mcp_server_url: server.url,
    url: server.url,
    header_names: server.headerNames,
    created_at: server.createdAt.toISOString(),
    updated_at: server.updatedAt.toISOString(),
  };
}

export function presentServerTool(tool: ToolServerTool): ServerToolDto {
  return {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
    mcp_server_id: tool.serverId,
    mcp_server_url: tool.serverUrl,
  };
}

export function presentTurn(turn: ChatTurn): ChatTurnDto {
  return {
    session_id: turn.sessionId,
    agent_id: turn.agentId,
    answer: turn.answer,
    tool_calls: turn.toolCalls.map((call) => ({
      id: call.id,
      name: call.name,
      arguments: call.arguments,
      result: call.result,
      is_error: call.isError,
    })),
    round_limit_reached: turn.roundLimitReached,
    unavailable_tool_servers: turn.unavailableToolServers,
  };
}

export function presentSession(session: ChatSessionView): ChatSessionDto {
  return {
    id: session.id,
    agent_id: session.agentId,
    busy: session.busy,
    messages: session.messages.map((message): ChatMessageDto => {
      const created_at = message.createdAt.toISOString();
      switch (message.role) {
        case 'user':
          return { role: 'user', content: message.content, created_at };
        case 'assistant':
          return {
            role: 'assistant',
            content: message.content,
            ...(message.toolCalls.length > 0 ? { tool_calls: message.toolCalls } : {}),
            created_at,
          };
        case 'tool':
          return {
            role: 'tool',
            content: message.content,
            tool_call_id: message.toolCallId,
            name: message.name,
            is_error: message.isError,
            created_at,
          };
      }
    }),
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
  };
}

export function presentMessagePage(page: ChatMessagePage): {
  session_id: string;
  total: number;
  messages: ListedChatMessageDto[];
} {
  return {
    session_id: page.sessionId,
    total: page.total,
    messages: page.messages.map((message) => {
      const at = message.createdAt.toISOString();
      return {
        id: message.id,
        session_id: page.sessionId,
        role: message.role,
        content: message.content,
        created: at,
        updated: at,
        ...(message.functionName === undefined ? {} : { function_name: message.functionName }),
        ...(message.functionArgs === undefined ? {} : { function_args: message.functionArgs }),
        ...(message.functionResult === undefined
          ? {}
          : { function_result: message.functionResult }),
        message_order: message.order,
      };
    }),
  };
}

export function presentTurnEvent(event: TurnEvent, sessionId: string): StreamEventDto {
  switch (event.type) {
    case 'message_start':
      return { type: 'message_start', session_id: event.sessionId };
    case 'content_delta':
      return { type: 'content_delta', session_id: sessionId, content: event.content };
    case 'tool_use':
      return {
        type: 'tool_use',
        session_id: sessionId,
        function_name: event.call.name,
        function_args: argumentsObject(event.call.arguments),
      };
    case 'tool_result':
      return {
        type: 'tool_result',
        session_id: sessionId,
        function_name: event.call.name,
        function_result: { content: event.outcome.content, is_error: event.outcome.isError },
      };
  }
}
