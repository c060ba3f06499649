import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { DeleteOutcome } from '../../application/ports/prompt.repository.js';
import type { AgentRef } from '../../domain/agent.js';
import { FOREIGN_KEY_VIOLATION, sqlState } from './pg-errors.js';
import { isUuid } from '@app/shared';

/** Agents of an account that link a row through `linkTable.column` (prompts, tool servers). */
export async function agentsLinking(
  manager: EntityManager,
  linkTable: 'agent_prompt_link' | 'agent_tool_link',
  column: 'prompt_id' | 'tool_server_id',
  accountId: string,
  id: string,
): Promise<AgentRef[]> {
  const rows: { id: string; name: string }[] = await manager.query(
    `SELECT agent.id, agent.name FROM ${linkTable} link
       JOIN agent ON agent.id = link.agent_id
      WHERE link.account_id = $1 AND link.${column} = $2
      ORDER BY agent.created_at, agent.id`,
    [accountId, id],
  );
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

type LinkedTarget =
  | { linkTable: 'agent_prompt_link'; column: 'prompt_id'; entity: EntityTarget<ObjectLiteral> }
  | { linkTable: 'agent_tool_link'; column: 'tool_server_id'; entity: EntityTarget<ObjectLiteral> };

/**
 * Deletes the account's row unless an agent links it; then the linking agents are the
 * answer. The check and the delete share a transaction; an agent linking the row in
 * between makes the foreign key refuse the delete, answered the same way.
 */
export async function deleteUnlessLinked(
  dataSource: DataSource,
  target: LinkedTarget,
  accountId: string,
  id: string,
): Promise<DeleteOutcome> {
  const { linkTable, column, entity } = target;
  if (!isUuid(id)) return { deleted: false, usedBy: [] };
  try {
    return await dataSource.transaction(async (manager) => {
      const usedBy = await agentsLinking(manager, linkTable, column, accountId, id);
      if (usedBy.length > 0) return { deleted: false, usedBy };
      const result = await manager.delete(entity, { accountId, id });
      return { deleted: (result.affected ?? 0) > 0, usedBy: [] };
    });
  } catch (error) {
    if (sqlState(error) !== FOREIGN_KEY_VIOLATION) throw error;
    const usedBy = await agentsLinking(dataSource.manager, linkTable, column, accountId, id);
    return { deleted: false, usedBy };
  }
}
