import type { ToolOutcome } from '../../domain/chat/tool-loop.js';

export interface RemoteTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** An open connection to an MCP tool server. */
export interface RemoteToolSession {
  readonly tools: RemoteTool[];
  call(name: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  close(): Promise<void>;
}

/** Connects to registered MCP tool servers (Streamable HTTP), through the outbound address checks. */
export abstract class RemoteToolClient {
  abstract open(url: string, headers: Record<string, string>): Promise<RemoteToolSession>;
  /** Throws an AppError (400) when the URL is not one the service may call. */
  abstract assertAllowedUrl(url: string): Promise<void>;
}
