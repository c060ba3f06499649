import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@app/shared';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AgentRepository } from '../../application/ports/agent.repository.js';
import type { Agent, AgentContent, AgentRef } from '../../domain/agent.js';
import { AgentsError, AgentsErrorCodes } from '../../domain/agents-errors.js';
import { AgentEntity, AgentPromptLinkEntity, AgentToolLinkEntity } from './agent.entity.js';
import { FOREIGN_KEY_VIOLATION, sqlState } from './pg-errors.js';

function columns(content: AgentContent) {
  return {
    name: content.name,
    description: content.description,
    workflowIds: content.workflowIds,
    tags: content.tags,
    provider: content.provider,
  };
}

@Injectable()
export class TypeOrmAgentRepository extends AgentRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async create(accountId: string, id: string, content: AgentContent): Promise<Agent> {
    return this.linking(async (manager) => {
      const now = new Date();
      await manager.insert(AgentEntity, {
        id,
        accountId,
        ...columns(content),
        createdAt: now,
        updatedAt: now,
      });
      await this.writeLinks(manager, accountId, id, content);
      return (await this.load(manager, accountId, [id]))[0];
    });
  }

  async list(accountId: string): Promise<Agent[]> {
    const rows = await this.dataSource.manager.find(AgentEntity, {
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
      select: { id: true },
    });
    return this.load(
      this.dataSource.manager,
      accountId,
      rows.map((row) => row.id),
    );
  }

  async find(accountId: string, id: string): Promise<Agent | null> {
    if (!isUuid(id)) return null;
    return (await this.load(this.dataSource.manager, accountId, [id]))[0] ?? null;
  }

  async replace(accountId: string, id: string, content: AgentContent): Promise<Agent | null> {
    if (!isUuid(id)) return null;
    return this.linking(async (manager) => {
      const result = await manager.update(
        AgentEntity,
        { accountId, id },
        { ...columns(content), updatedAt: new Date() },
      );
      if ((result.affected ?? 0) === 0) return null;
      await manager.delete(AgentPromptLinkEntity, { agentId: id });
      await manager.delete(AgentToolLinkEntity, { agentId: id });
      await this.writeLinks(manager, accountId, id, content);
      return (await this.load(manager, accountId, [id]))[0];
    });
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.dataSource.manager.delete(AgentEntity, { accountId, id });
    return (result.affected ?? 0) > 0;
  }

  async findUsingWorkflow(accountId: string, workflowId: string): Promise<AgentRef[]> {
    const rows: AgentRef[] = await this.dataSource.manager.query(
      `SELECT id, name FROM agent
        WHERE account_id = $1 AND workflow_ids @> jsonb_build_array($2::text)
        ORDER BY created_at, id`,
      [accountId, workflowId],
    );
    return rows.map((row) => ({ id: row.id, name: row.name }));
  }

  /**
   * Runs a write that links prompts and tool servers. Their existence was checked before;
   * one deleted in between makes the foreign key fail, which is the caller's 400 as well.
   */
  private async linking<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (sqlState(error) !== FOREIGN_KEY_VIOLATION) throw error;
      throw new AgentsError(
        'invalid',
        AgentsErrorCodes.UNKNOWN_REFERENCES,
        'A prompt or tool server the agent names was deleted meanwhile; check the ids and try again',
      );
    }
  }

  private async writeLinks(
    manager: EntityManager,
    accountId: string,
    agentId: string,
    content: AgentContent,
  ): Promise<void> {
    if (content.promptIds.length > 0) {
      await manager.insert(
        AgentPromptLinkEntity,
        content.promptIds.map((promptId, position) => ({ agentId, accountId, promptId, position })),
      );
    }
    if (content.toolServerIds.length > 0) {
      await manager.insert(
        AgentToolLinkEntity,
        content.toolServerIds.map((toolServerId, position) => ({
          agentId,
          accountId,
          toolServerId,
          position,
        })),
      );
    }
  }

  /** The agents with these ids (of this account), in the order of `ids`. */
  private async load(manager: EntityManager, accountId: string, ids: string[]): Promise<Agent[]> {
    if (ids.length === 0) return [];
    const rows = await manager.findBy(AgentEntity, { accountId, id: In(ids) });
    const promptLinks = await manager.find(AgentPromptLinkEntity, {
      where: { agentId: In(ids) },
      order: { position: 'ASC' },
    });
    const toolLinks = await manager.find(AgentToolLinkEntity, {
      where: { agentId: In(ids) },
      order: { position: 'ASC' },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.id,
          accountId: row.accountId,
          name: row.name,
          description: row.description,
          promptIds: promptLinks.filter((link) => link.agentId === id).map((link) => link.promptId),
          toolServerIds: toolLinks
            .filter((link) => link.agentId === id)
            .map((link) => link.toolServerId),
          workflowIds: row.workflowIds,
          tags: row.tags,
          provider: row.provider,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        },
      ];
    });
  }
}
