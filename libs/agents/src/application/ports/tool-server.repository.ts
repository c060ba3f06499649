import type { ToolServer } from '../../domain/tool-server.js';
import type { DeleteOutcome } from './prompt.repository.js';

export interface ToolServerWithSecrets {
  server: ToolServer;
  /** Ciphertext of the headers (JSON), or null when the server has none. */
  encryptedHeaders: string | null;
}

/** MCP tool servers of one account. Names are unique per account, ignoring case. */
export abstract class ToolServerRepository {
  /** Throws a 409 when the account already has a server of that name. */
  abstract insert(server: ToolServer, encryptedHeaders: string | null): Promise<void>;
  abstract list(accountId: string): Promise<ToolServer[]>;
  abstract find(accountId: string, id: string): Promise<ToolServer | null>;
  abstract findMany(accountId: string, ids: readonly string[]): Promise<ToolServerWithSecrets[]>;
  abstract delete(accountId: string, id: string): Promise<DeleteOutcome>;
}
