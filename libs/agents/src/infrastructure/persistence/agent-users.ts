import type { EntityManager } from 'typeorm';
import type { AgentRef } from '../../domain/agent.js';

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
