/**
 * A registered MCP tool server (Streamable HTTP). Headers may carry credentials, so they
 * are kept encrypted; only their names are ever shown.
 */
export interface ToolServer {
  id: string;
  accountId: string;
  name: string;
  description: string;
  url: string;
  headerNames: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface NewToolServer {
  name: string;
  description: string;
  url: string;
  /** Sent with every request to the server (an Authorization header included). */
  headers: Record<string, string>;
}

/**
 * A tool an MCP server offered when it was last listed. `removed` tools were taken away by
 * the account (DELETE /tools/mcp-server/tool/{id}) and are no longer offered to agents.
 */
export interface ToolServerTool {
  id: string;
  accountId: string;
  serverId: string;
  serverUrl: string;
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  createdAt: Date;
}
