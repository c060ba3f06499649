import type { ToolServerTool } from '../../domain/tool-server.js';
import type { RemoteTool } from './remote-tool-client.js';

/**
 * The tools each MCP server offered, as last listed, each with an id of its own. A tool
 * the account removed stays recorded as removed, so that listing the server again does
 * not bring it back.
 */
export abstract class ToolServerToolRepository {
  /** Records tools not seen before; known ones (removed or not) are left as they are. */
  abstract record(accountId: string, serverId: string, tools: readonly RemoteTool[]): Promise<void>;
  /** The server's tools that are not removed, by name. */
  abstract listActive(accountId: string, serverId: string): Promise<ToolServerTool[]>;
  abstract findActive(accountId: string, id: string): Promise<ToolServerTool | null>;
  /** False when there is no such tool (or it is already removed). */
  abstract remove(accountId: string, id: string): Promise<boolean>;
  /** Names of the removed tools of each of these servers. */
  abstract removedNames(
    accountId: string,
    serverIds: readonly string[],
  ): Promise<Map<string, Set<string>>>;
}
