import { SecretCipher } from '@app/shared';
import { Injectable } from '@nestjs/common';
import { toolServerHeadersContext } from '../../domain/secret-contexts.js';
import { RemoteToolClient, type RemoteToolSession } from '../ports/remote-tool-client.js';
import type { ToolServerWithSecrets } from '../ports/tool-server.repository.js';
import { ToolServerToolRepository } from '../ports/tool-server-tool.repository.js';

/** Opens a registered MCP server with its stored (decrypted) headers, and records the tools it lists. */
@Injectable()
export class ToolServerConnector {
  constructor(
    private readonly cipher: SecretCipher,
    private readonly remote: RemoteToolClient,
    private readonly tools: ToolServerToolRepository,
  ) {}

  async open(entry: ToolServerWithSecrets): Promise<RemoteToolSession> {
    const { server, encryptedHeaders } = entry;
    const headers =
      encryptedHeaders === null
        ? {}
        : (JSON.parse(
            this.cipher.decrypt(
              encryptedHeaders,
              toolServerHeadersContext(server.accountId, server.id),
            ),
          ) as Record<string, string>);
    const session = await this.remote.open(server.url, headers);
    await this.tools.record(server.accountId, server.id, session.tools);
    return session;
  }

  /** Lists the server's tools now and records them; the reason when it cannot be reached. */
  async refresh(entry: ToolServerWithSecrets): Promise<string | null> {
    try {
      const session = await this.open(entry);
      await session.close();
      return null;
    } catch (error) {
      return (error as Error).message || 'unreachable';
    }
  }
}
