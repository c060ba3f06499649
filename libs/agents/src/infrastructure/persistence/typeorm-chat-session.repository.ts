import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@app/shared';
import type { DataSource } from 'typeorm';
import {
  ChatSessionRepository,
  type ChatSessionView,
  type TurnLock,
} from '../../application/ports/chat-session.repository.js';
import { AgentsError, AgentsErrorCodes } from '../../domain/agents-errors.js';
import type { StoredMessage } from '../../domain/chat/chat-message.js';
import { messageColumns, toStoredMessage } from './chat-message.mapper.js';
import { ChatMessageEntity, ChatSessionEntity } from './chat-session.entity.js';
import { FOREIGN_KEY_VIOLATION, sqlState } from './pg-errors.js';

function interval(ms: number): string {
  return `${Math.max(0, Math.round(ms))} milliseconds`;
}

/** Lock state and times all come from the database clock, so replicas' clocks never matter. */
@Injectable()
export class TypeOrmChatSessionRepository extends ChatSessionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async createLocked(accountId: string, agentId: string, id: string, token: string): Promise<void> {
    await this.dataSource.manager
      .createQueryBuilder()
      .insert()
      .into(ChatSessionEntity)
      .values({
        id,
        accountId,
        agentId,
        turnToken: token,
        turnHeartbeatAt: () => 'now()',
        createdAt: () => 'now()',
        updatedAt: () => 'now()',
      })
      .execute();
  }

  async acquire(
    accountId: string,
    id: string,
    agentId: string,
    token: string,
    leaseMs: number,
  ): Promise<TurnLock> {
    if (!isUuid(id)) return { status: 'not-found' };
    const result = await this.dataSource.manager
      .createQueryBuilder()
      .update(ChatSessionEntity)
      .set({ turnToken: token, turnHeartbeatAt: () => 'now()', updatedAt: () => 'now()' })
      .where('id = :id AND account_id = :accountId AND agent_id = :agentId', {
        id,
        accountId,
        agentId,
      })
      .andWhere('(turn_token IS NULL OR turn_heartbeat_at < now() - CAST(:lease AS interval))', {
        lease: interval(leaseMs),
      })
      .execute();
    if ((result.affected ?? 0) > 0) return { status: 'acquired' };
    const session = await this.dataSource.manager.findOneBy(ChatSessionEntity, { id, accountId });
    if (!session) return { status: 'not-found' };
    if (session.agentId !== agentId) return { status: 'other-agent', agentId: session.agentId };
    return { status: 'busy' };
  }

  async heartbeat(id: string, token: string): Promise<boolean> {
    const result = await this.dataSource.manager
      .createQueryBuilder()
      .update(ChatSessionEntity)
      .set({ turnHeartbeatAt: () => 'now()' })
      .where('id = :id AND turn_token = :token', { id, token })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async release(id: string, token: string): Promise<void> {
    await this.dataSource.manager
      .createQueryBuilder()
      .update(ChatSessionEntity)
      .set({ turnToken: null, turnHeartbeatAt: null, updatedAt: () => 'now()' })
      .where('id = :id AND turn_token = :token', { id, token })
      .execute();
  }

  async messages(id: string): Promise<StoredMessage[]> {
    const rows = await this.dataSource.manager.find(ChatMessageEntity, {
      where: { sessionId: id },
      order: { seq: 'ASC' },
    });
    return rows.map(toStoredMessage);
  }

  /** Only the turn's lock holder appends, so the next sequence number cannot race. */
  async append(id: string, message: StoredMessage): Promise<void> {
    const columns = messageColumns(message);
    try {
      await this.insertMessage(id, columns);
    } catch (error) {
      if (sqlState(error) !== FOREIGN_KEY_VIOLATION) throw error;
      throw new AgentsError(
        'not-found',
        AgentsErrorCodes.SESSION_NOT_FOUND,
        `Chat session ${id} was deleted (with its agent) while the turn ran`,
      );
    }
  }

  private async insertMessage(id: string, columns: ReturnType<typeof messageColumns>) {
    await this.dataSource.manager.query(
      `INSERT INTO agent_chat_message
         (session_id, seq, role, content, tool_calls, tool_call_id, tool_name, is_error)
       VALUES ($1, (SELECT coalesce(max(seq), 0) + 1 FROM agent_chat_message WHERE session_id = $1),
               $2, $3, $4::jsonb, $5, $6, $7)`,
      [
        id,
        columns.role,
        columns.content,
        columns.toolCalls === null ? null : JSON.stringify(columns.toolCalls),
        columns.toolCallId,
        columns.toolName,
        columns.isError,
      ],
    );
  }

  async view(accountId: string, id: string, leaseMs: number): Promise<ChatSessionView | null> {
    if (!isUuid(id)) return null;
    const rows: {
      id: string;
      agent_id: string;
      busy: boolean;
      created_at: Date;
      updated_at: Date;
    }[] = await this.dataSource.manager.query(
      `SELECT id, agent_id, created_at, updated_at,
              (turn_token IS NOT NULL AND turn_heartbeat_at >= now() - CAST($3 AS interval)) AS busy
         FROM agent_chat_session WHERE id = $1 AND account_id = $2`,
      [id, accountId, interval(leaseMs)],
    );
    const session = rows[0];
    if (!session) return null;
    const messages = await this.dataSource.manager.find(ChatMessageEntity, {
      where: { sessionId: id },
      order: { seq: 'ASC' },
    });
    return {
      id: session.id,
      agentId: session.agent_id,
      busy: session.busy,
      createdAt: new Date(session.created_at),
      updatedAt: new Date(session.updated_at),
      messages: messages.map((row) => ({
        ...toStoredMessage(row),
        createdAt: row.createdAt,
        seq: row.seq,
      })),
    };
  }
}
