import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer } from 'node:http';
import { z } from 'zod';
import { listen, readJson } from './openai-test-server.js';

/**
 * An MCP tool server (stateless Streamable HTTP) with two tools, `lookup_allergy` and
 * `drug_class`; it records the allergy lookups with the Authorization header they came with.
 */
export class McpToolTestServer {
  readonly calls: { drug: string; authorization?: string }[] = [];
  private server = createServer((request, response) => {
    void readJson(request).then(async (body) => {
      const mcp = new McpServer({ name: 'allergy-db', version: '1.0.0' });
      mcp.registerTool(
        'lookup_allergy',
        { description: 'Known allergy reactions to a drug', inputSchema: { drug: z.string() } },
        ({ drug }) => {
          this.calls.push({ drug, authorization: request.headers.authorization });
          return { content: [{ type: 'text', text: `${drug}: anaphylaxis reported` }] };
        },
      );
      mcp.registerTool(
        'drug_class',
        { description: 'The class of a drug', inputSchema: { drug: z.string() } },
        ({ drug }) => ({ content: [{ type: 'text', text: `${drug}: unknown class` }] }),
      );
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on('close', () => void transport.close());
      await mcp.connect(transport);
      await transport.handleRequest(request, response, body);
    });
  });

  /** Starts listening; resolves to the MCP endpoint URL. */
  async start(): Promise<string> {
    return `${await listen(this.server)}/mcp`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}
