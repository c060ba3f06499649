import { Injectable } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { OutboundError, OutboundHttp } from '@app/fhir';
import { AppError } from '@app/shared';
import {
  RemoteToolClient,
  type RemoteTool,
  type RemoteToolSession,
} from '../../application/ports/remote-tool-client.js';
import { AgentsErrorCodes } from '../../domain/agents-errors.js';
import type { ToolOutcome } from '../../domain/chat/tool-loop.js';
import { outboundFetch } from './outbound-fetch.js';

const LIMITS = { timeoutMs: 60_000, maxResponseBytes: 10 * 1024 * 1024 };
/** Pages of tools/list read from one server; a server offering more is cut off there. */
const MAX_TOOL_PAGES = 10;

/** The text a model reads from an MCP tool result. */
function outcomeText(result: CallToolResult): string {
  const parts = result.content.map((block) =>
    block.type === 'text' ? block.text : `[${block.type} content]`,
  );
  if (parts.length === 0 && result.structuredContent !== undefined)
    return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

function toRemoteTool(tool: Tool): RemoteTool {
  return {
    name: tool.name,
    description: tool.description ?? tool.title ?? tool.name,
    inputSchema: tool.inputSchema,
  };
}

/** MCP tool servers reached with the SDK's Streamable HTTP client, through the outbound checks. */
@Injectable()
export class SdkRemoteToolClient extends RemoteToolClient {
  constructor(private readonly http: OutboundHttp) {
    super();
  }

  async assertAllowedUrl(url: string): Promise<void> {
    try {
      await this.http.assertAllowedHost(new URL(url));
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      throw AppError.badRequest(
        AgentsErrorCodes.TOOL_SERVER_URL_REFUSED,
        `The tool server URL is refused: ${error.message}`,
      );
    }
  }

  async open(url: string, headers: Record<string, string>): Promise<RemoteToolSession> {
    const client = new Client({ name: 'clinical-interop-agent', version: '0.1.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers },
      fetch: outboundFetch(this.http, LIMITS),
    });
    try {
      await client.connect(transport);
      const tools: RemoteTool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_TOOL_PAGES; page++) {
        const listed = await client.listTools(cursor === undefined ? {} : { cursor });
        tools.push(...listed.tools.map(toRemoteTool));
        cursor = listed.nextCursor;
        if (cursor === undefined) break;
      }
      return {
        tools,
        call: async (name, args): Promise<ToolOutcome> => {
          const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
          return { content: outcomeText(result), isError: result.isError === true };
        },
        close: async () => {
          // A stateful server gets told that the session is over (a DELETE); stateless ones have none.
          await transport.terminateSession().catch(() => undefined);
          await client.close();
        },
      };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  }
}
