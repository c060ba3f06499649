import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tools each MCP tool server offered when listed, with ids; removed ones are kept, flagged. */
export class CreateAgentToolServerTools1732265500000 implements MigrationInterface {
  name = 'CreateAgentToolServerTools1732265500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE agent_tool_server_tool (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        tool_server_id uuid NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        input_schema jsonb NOT NULL DEFAULT '{}'::jsonb,
        removed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tool_server_id, name),
        FOREIGN KEY (account_id, tool_server_id) REFERENCES agent_tool_server(account_id, id) ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE agent_tool_server_tool');
  }
}
