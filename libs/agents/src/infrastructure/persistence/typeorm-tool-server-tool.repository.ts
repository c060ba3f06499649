import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@app/shared';
import { randomUUID } from 'node:crypto';
import { In, type DataSource } from 'typeorm';
import type { RemoteTool } from '../../application/ports/remote-tool-client.js';
import { ToolServerToolRepository } from '../../application/ports/tool-server-tool.repository.js';
import type { ToolServerTool } from '../../domain/tool-server.js';
import { ToolServerEntity } from './tool-server.entity.js';
import { ToolServerToolEntity } from './tool-server-tool.entity.js';

function toTool(row: ToolServerToolEntity, serverUrl: string): ToolServerTool {
  return {
    id: row.id,
    accountId: row.accountId,
    serverId: row.toolServerId,
    serverUrl,
    name: row.name,
    description: row.description,
    inputSchema: row.inputSchema,
    createdAt: row.createdAt,
  };
}

@Injectable()
export class TypeOrmToolServerToolRepository extends ToolServerToolRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async record(accountId: string, serverId: string, tools: readonly RemoteTool[]): Promise<void> {
    if (tools.length === 0) return;
    const now = new Date();
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(ToolServerToolEntity)
      .values(
        tools.map((tool) => ({
          id: randomUUID(),
          accountId,
          toolServerId: serverId,
          name: tool.name,
          description: tool.description,
          // jsonb: TypeORM's insert typing does not take an open record.
          inputSchema: tool.inputSchema as never,
          removed: false,
          createdAt: now,
        })),
      )
      .orIgnore()
      .execute();
  }

  async listActive(accountId: string, serverId: string): Promise<ToolServerTool[]> {
    if (!isUuid(serverId)) return [];
    const server = await this.dataSource.manager.findOneBy(ToolServerEntity, {
      accountId,
      id: serverId,
    });
    if (!server) return [];
    const rows = await this.dataSource.manager.find(ToolServerToolEntity, {
      where: { accountId, toolServerId: serverId, removed: false },
      order: { name: 'ASC' },
    });
    return rows.map((row) => toTool(row, server.url));
  }

  async findActive(accountId: string, id: string): Promise<ToolServerTool | null> {
    if (!isUuid(id)) return null;
    const row = await this.dataSource.manager.findOneBy(ToolServerToolEntity, {
      accountId,
      id,
      removed: false,
    });
    if (!row) return null;
    const server = await this.dataSource.manager.findOneBy(ToolServerEntity, {
      accountId,
      id: row.toolServerId,
    });
    return server ? toTool(row, server.url) : null;
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.dataSource.manager.update(
      ToolServerToolEntity,
      { accountId, id, removed: false },
      { removed: true },
    );
    return (result.affected ?? 0) > 0;
  }

  async removedNames(
    accountId: string,
    serverIds: readonly string[],
  ): Promise<Map<string, Set<string>>> {
    const wanted = serverIds.filter(isUuid);
    const names = new Map<string, Set<string>>();
    if (wanted.length === 0) return names;
    const rows = await this.dataSource.manager.find(ToolServerToolEntity, {
      select: { toolServerId: true, name: true },
      where: { accountId, toolServerId: In(wanted), removed: true },
    });
    for (const row of rows) {
      const set = names.get(row.toolServerId) ?? new Set<string>();
      set.add(row.name);
      names.set(row.toolServerId, set);
    }
    return names;
  }
}
