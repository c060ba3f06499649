import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, Not, type DataSource, type EntityManager } from 'typeorm';
import { PromptRepository, type DeleteOutcome } from '../../application/ports/prompt.repository.js';
import type { AgentPrompt, PromptContent } from '../../domain/agent-prompt.js';
import { AgentPromptEntity } from './agent-prompt.entity.js';
import { deleteUnlessLinked } from './agent-users.js';
import { isUuid } from '@app/shared';

function toPrompt(entity: AgentPromptEntity): AgentPrompt {
  return {
    id: entity.id,
    accountId: entity.accountId,
    name: entity.name,
    description: entity.description,
    content: entity.content,
    isDefault: entity.isDefault,
    tags: entity.tags,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}

@Injectable()
export class TypeOrmPromptRepository extends PromptRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async create(accountId: string, id: string, content: PromptContent): Promise<AgentPrompt> {
    return this.dataSource.transaction(async (manager) => {
      if (content.isDefault) await this.clearDefault(manager, accountId, id);
      const now = new Date();
      const saved = await manager.save(
        manager.create(AgentPromptEntity, {
          id,
          accountId,
          ...content,
          createdAt: now,
          updatedAt: now,
        }),
      );
      return toPrompt(saved);
    });
  }

  async list(accountId: string): Promise<AgentPrompt[]> {
    const rows = await this.dataSource.manager.find(AgentPromptEntity, {
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toPrompt);
  }

  async find(accountId: string, id: string): Promise<AgentPrompt | null> {
    if (!isUuid(id)) return null;
    const row = await this.dataSource.manager.findOneBy(AgentPromptEntity, { accountId, id });
    return row ? toPrompt(row) : null;
  }

  async findMany(accountId: string, ids: readonly string[]): Promise<AgentPrompt[]> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const rows = await this.dataSource.manager.findBy(AgentPromptEntity, {
      accountId,
      id: In(wanted),
    });
    return rows.map(toPrompt);
  }

  async findDefault(accountId: string): Promise<AgentPrompt | null> {
    const row = await this.dataSource.manager.findOneBy(AgentPromptEntity, {
      accountId,
      isDefault: true,
    });
    return row ? toPrompt(row) : null;
  }

  async replace(
    accountId: string,
    id: string,
    content: PromptContent,
  ): Promise<AgentPrompt | null> {
    if (!isUuid(id)) return null;
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(AgentPromptEntity, {
        where: { accountId, id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) return null;
      if (content.isDefault) await this.clearDefault(manager, accountId, id);
      return toPrompt(
        await manager.save(
          manager.merge(AgentPromptEntity, row, { ...content, updatedAt: new Date() }),
        ),
      );
    });
  }

  delete(accountId: string, id: string): Promise<DeleteOutcome> {
    return deleteUnlessLinked(
      this.dataSource,
      { linkTable: 'agent_prompt_link', column: 'prompt_id', entity: AgentPromptEntity },
      accountId,
      id,
    );
  }

  /**
   * Clears the account's default under a per-account transaction lock, so that two
   * concurrent "make this the default" requests run one after the other.
   */
  private async clearDefault(manager: EntityManager, accountId: string, keepId: string) {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `agent_prompt_default:${accountId}`,
    ]);
    await manager.update(
      AgentPromptEntity,
      { accountId, isDefault: true, id: Not(keepId) },
      { isDefault: false, updatedAt: new Date() },
    );
  }
}
