import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, SecretCipher } from '@app/shared';
import { randomUUID } from 'node:crypto';
import { AgentsErrorCodes } from '../../../domain/agents-errors.js';
import { headerProblems } from '../../../domain/header-rules.js';
import { toolServerHeadersContext } from '../../../domain/secret-contexts.js';
import type { ToolServer } from '../../../domain/tool-server.js';
import { RemoteToolClient } from '../../ports/remote-tool-client.js';
import { ToolServerRepository } from '../../ports/tool-server.repository.js';
import { ToolServerToolRepository } from '../../ports/tool-server-tool.repository.js';
import { ToolServerConnector } from '../../services/tool-server-connector.js';
import {
  RegisterToolServerCommand,
  type RegisteredToolServer,
} from './register-tool-server.command.js';

@CommandHandler(RegisterToolServerCommand)
export class RegisterToolServerHandler implements ICommandHandler<RegisterToolServerCommand> {
  constructor(
    private readonly servers: ToolServerRepository,
    private readonly cipher: SecretCipher,
    private readonly remote: RemoteToolClient,
    private readonly connector: ToolServerConnector,
    private readonly tools: ToolServerToolRepository,
  ) {}

  async execute({ accountId, server }: RegisterToolServerCommand): Promise<RegisteredToolServer> {
    const problems = headerProblems(server.headers);
    if (problems.length > 0) {
      throw AppError.badRequest(AgentsErrorCodes.INVALID_HEADER, problems.join('; '), {
        headers: problems,
      });
    }
    await this.remote.assertAllowedUrl(server.url);
    const now = new Date();
    const registered: ToolServer = {
      id: randomUUID(),
      accountId,
      name: server.name,
      description: server.description,
      url: server.url,
      headerNames: Object.keys(server.headers),
      createdAt: now,
      updatedAt: now,
    };
    const encrypted =
      registered.headerNames.length === 0
        ? null
        : this.cipher.encrypt(
            JSON.stringify(server.headers),
            toolServerHeadersContext(accountId, registered.id),
          );
    await this.servers.insert(registered, encrypted);
    // Tool discovery happens at registration; a server that does not answer yet is kept.
    const unlistedReason = await this.connector.refresh({
      server: registered,
      encryptedHeaders: encrypted,
    });
    return {
      server: registered,
      tools: await this.tools.listActive(accountId, registered.id),
      unlistedReason,
    };
  }
}
