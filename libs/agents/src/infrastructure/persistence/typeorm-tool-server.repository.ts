import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@app/shared';
import { In, type DataSource } from 'typeorm';
import type { DeleteOutcome } from '../../application/ports/prompt.repository.js';
import {
  ToolServerRepository,
  type ToolServerWithSecrets,
} from '../../application/ports/tool-server.repository.js';
import { AgentsError, AgentsErrorCodes } from '../../domain/agents-errors.js';
import type { ToolServer } from '../../domain/tool-server.js';
import { deleteUnlessLinked } from './agent-users.js';
import { sqlState, UNIQUE_VIOLATION } from './pg-errors.js';
import { ToolServerEntity } from './tool-server.entity.js';

function toToolServer(entity: ToolServerEntity): ToolServer {
  return {
    id: entity.id,
    accountId: entity.accountId,
    name: entity.name,
    description: entity.description,
    url: entity.url,
    headerNames: entity.headerNames,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}

@Injectable()
export class TypeOrmToolServerRepository extends ToolServerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async insert(server: ToolServer, encryptedHeaders: string | null): Promise<void> {
    try {
      await this.dataSource.manager.insert(ToolServerEntity, { ...server, encryptedHeaders });
    } catch (error) {
      if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
      throw new AgentsError(
        'conflict',
        AgentsErrorCodes.TOOL_SERVER_NAME_TAKEN,
        `The account already has a tool server named "${server.name}"`,
      );
    }
  }

  async list(accountId: string): Promise<ToolServer[]> {
    const rows = await this.dataSource.manager.find(ToolServerEntity, {
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toToolServer);
  }

  async find(accountId: string, id: string): Promise<ToolServer | null> {
    if (!isUuid(id)) return null;
    const row = await this.dataSource.manager.findOneBy(ToolServerEntity, { accountId, id });
    return row ? toToolServer(row) : null;
  }

  async findMany(accountId: string, ids: readonly string[]): Promise<ToolServerWithSecrets[]> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const rows = await this.dataSource.manager.findBy(ToolServerEntity, {
      accountId,
      id: In(wanted),
    });
    return rows.map((row) => ({
      server: toToolServer(row),
      encryptedHeaders: row.encryptedHeaders,
    }));
  }

  delete(accountId: string, id: string): Promise<DeleteOutcome> {
    return deleteUnlessLinked(
      this.dataSource,
      { linkTable: 'agent_tool_link', column: 'tool_server_id', entity: ToolServerEntity },
      accountId,
      id,
    );
  }
}
