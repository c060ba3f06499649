import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import type { Agent } from '../../domain/agent.js';
import { parseToolArguments } from '../../domain/chat/tool-arguments.js';
import { uniqueToolName } from '../../domain/chat/tool-names.js';
import { toolResultText } from '../../domain/chat/tool-output.js';
import type { ToolServer } from '../../domain/tool-server.js';
import type { RemoteToolSession } from '../ports/remote-tool-client.js';
import { ToolServerRepository } from '../ports/tool-server.repository.js';
import { ToolServerToolRepository } from '../ports/tool-server-tool.repository.js';
import { toolErrorPayload } from '../tools/tool-error.js';
import type { ServiceTool } from '../tools/service-tool.js';
import { errorOutcome, type ChatTool } from './chat-tool.js';
import { ServiceToolbox } from './service-toolbox.js';
import { ToolServerConnector } from './tool-server-connector.js';

/** Longest tool result handed back to the model, in characters (the rest is cut, and said so). */
const MAX_RESULT_CHARS = 20_000;

export interface UnavailableToolServer {
  id: string;
  name: string;
  reason: string;
}

/** The tools of one chat turn; `close` ends the connections to MCP tool servers. */
export interface AgentToolset {
  tools: ChatTool[];
  unavailable: UnavailableToolServer[];
  close(): Promise<void>;
}

function jsonSchemaOf(schema: z.ZodObject): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input' });
  return rest;
}

function serviceChatTool(tool: ServiceTool): ChatTool {
  return {
    name: tool.name,
    description: tool.description,
    parameters: jsonSchemaOf(tool.input),
    async run(argumentsText) {
      const parsed = parseToolArguments(argumentsText);
      if (typeof parsed === 'string')
        return errorOutcome({ code: 'TOOL.BAD_ARGUMENTS', message: parsed });
      const checked = tool.input.safeParse(parsed);
      if (!checked.success) {
        return errorOutcome({
          code: 'TOOL.BAD_ARGUMENTS',
          message: z.prettifyError(checked.error),
        });
      }
      try {
        return {
          content: toolResultText(await tool.run(checked.data), MAX_RESULT_CHARS),
          isError: false,
        };
      } catch (error) {
        return errorOutcome(toolErrorPayload(error));
      }
    },
  };
}

/**
 * What an agent may call in chat: the service's builtin tools, its own workflows, and the
 * tools of its MCP tool servers that answer. A server that cannot be reached is left out
 * of this turn and reported, so that one broken server does not stop the agent.
 */
@Injectable()
export class AgentToolsets {
  private readonly logger = new Logger(AgentToolsets.name);

  constructor(
    private readonly toolbox: ServiceToolbox,
    private readonly servers: ToolServerRepository,
    private readonly serverTools: ToolServerToolRepository,
    private readonly connector: ToolServerConnector,
  ) {}

  async open(agent: Agent): Promise<AgentToolset> {
    const service = await this.toolbox.forAccount(agent.accountId, agent.workflowIds);
    const taken = new Set(service.map((tool) => tool.name));
    const tools = service.map(serviceChatTool);
    const sessions: RemoteToolSession[] = [];
    const unavailable: UnavailableToolServer[] = [];

    const stored = await this.servers.findMany(agent.accountId, agent.toolServerIds);
    const byId = new Map(stored.map((entry) => [entry.server.id, entry]));
    const removed = await this.serverTools.removedNames(agent.accountId, agent.toolServerIds);
    for (const id of agent.toolServerIds) {
      const entry = byId.get(id);
      if (!entry) continue;
      try {
        const session = await this.connector.open(entry);
        sessions.push(session);
        tools.push(...this.remoteTools(entry.server, session, taken, removed.get(id)));
      } catch (error) {
        const reason = (error as Error).message || 'unreachable';
        this.logger.warn(
          `Tool server ${entry.server.name} (${id}) left out of the turn: ${reason}`,
        );
        unavailable.push({ id, name: entry.server.name, reason });
      }
    }
    return {
      tools,
      unavailable,
      close: async () => {
        await Promise.allSettled(sessions.map((session) => session.close()));
      },
    };
  }

  private remoteTools(
    server: ToolServer,
    session: RemoteToolSession,
    taken: Set<string>,
    removed: ReadonlySet<string> = new Set(),
  ): ChatTool[] {
    // Tools the account removed (DELETE /tools/mcp-server/tool/{id}) are not offered.
    const offered = session.tools.filter((tool) => !removed.has(tool.name));
    return offered.map((tool) => ({
      name: uniqueToolName(['mcp', server.name, tool.name], taken),
      description: `[${server.name}] ${tool.description}`,
      parameters: tool.inputSchema,
      async run(argumentsText) {
        const parsed = parseToolArguments(argumentsText);
        if (typeof parsed === 'string')
          return errorOutcome({ code: 'TOOL.BAD_ARGUMENTS', message: parsed });
        try {
          const outcome = await session.call(tool.name, parsed);
          return { ...outcome, content: toolResultText(outcome.content, MAX_RESULT_CHARS) };
        } catch (error) {
          return errorOutcome({
            code: 'TOOL.SERVER_FAILED',
            message: `${server.name} failed: ${(error as Error).message}`,
          });
        }
      },
    }));
  }
}
