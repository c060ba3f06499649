import type { Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolErrorPayload } from '../../application/tools/tool-error.js';
import type { ServiceTool } from '../../application/tools/service-tool.js';

export const MCP_SERVER_INFO = { name: 'clinical-interop', version: '0.1.0' };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function success(value: unknown): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) ?? 'null' }],
    ...(isPlainObject(value) ? { structuredContent: value } : {}),
  };
}

/** A failed tool is an MCP tool error (`isError`), never a protocol or HTTP failure. */
function failure(error: unknown, tool: string, logger: Logger): CallToolResult {
  const payload = toolErrorPayload(error);
  if (payload.code === 'INTERNAL_ERROR') logger.error(`MCP tool ${tool} failed`, error as Error);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: payload }) }] };
}

/** An MCP server offering these tools; one is built per request (stateless transport). */
export function buildMcpServer(tools: readonly ServiceTool[], logger: Logger): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      'Tools of a clinical data interoperability service: code systems (construe), text to FHIR (lang2fhir), ' +
      "FHIR to OMOP, FHIR summaries, and the caller's own workflows.",
  });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input },
      async (args: Record<string, unknown>) => {
        try {
          return success(await tool.run(args));
        } catch (error) {
          return failure(error, tool.name, logger);
        }
      },
    );
  }
  return server;
}
