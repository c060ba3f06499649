import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agent prompts, MCP tool servers, agents (with link tables to the prompts and tool
 * servers they use, so that the database itself refuses to delete one that is in use),
 * and chat sessions with their messages.
 */
export class CreateAgents1732265000000 implements MigrationInterface {
  name = 'CreateAgents1732265000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE agent_prompt (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description text NOT NULL DEFAULT '',
        content text NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        tags jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (account_id, id)
      )`);
    await queryRunner.query(
      'CREATE INDEX agent_prompt_account_idx ON agent_prompt (account_id, created_at, id)',
    );
    // The one-default rule, held by the database as well as by the handler.
    await queryRunner.query(
      'CREATE UNIQUE INDEX agent_prompt_one_default_idx ON agent_prompt (account_id) WHERE is_default',
    );

    await queryRunner.query(`
      CREATE TABLE agent_tool_server (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        description text NOT NULL DEFAULT '',
        url text NOT NULL,
        header_names jsonb NOT NULL DEFAULT '[]'::jsonb,
        encrypted_headers text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (account_id, id)
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX agent_tool_server_name_idx ON agent_tool_server (account_id, lower(name))',
    );

    await queryRunner.query(`
      CREATE TABLE agent (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description text NOT NULL DEFAULT '',
        workflow_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
        tags jsonb NOT NULL DEFAULT '[]'::jsonb,
        provider jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX agent_account_idx ON agent (account_id, created_at, id)');
    await queryRunner.query('CREATE INDEX agent_workflows_idx ON agent USING gin (workflow_ids)');

    // Account-qualified foreign keys: an agent can only link its own account's rows.
    await queryRunner.query(`
      CREATE TABLE agent_prompt_link (
        agent_id uuid NOT NULL REFERENCES agent(id) ON DELETE CASCADE,
        account_id uuid NOT NULL,
        prompt_id uuid NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (agent_id, prompt_id),
        FOREIGN KEY (account_id, prompt_id) REFERENCES agent_prompt(account_id, id) ON DELETE RESTRICT
      )`);
    await queryRunner.query(
      'CREATE INDEX agent_prompt_link_prompt_idx ON agent_prompt_link (prompt_id)',
    );
    await queryRunner.query(`
      CREATE TABLE agent_tool_link (
        agent_id uuid NOT NULL REFERENCES agent(id) ON DELETE CASCADE,
        account_id uuid NOT NULL,
        tool_server_id uuid NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (agent_id, tool_server_id),
        FOREIGN KEY (account_id, tool_server_id) REFERENCES agent_tool_server(account_id, id) ON DELETE RESTRICT
      )`);
    await queryRunner.query(
      'CREATE INDEX agent_tool_link_server_idx ON agent_tool_link (tool_server_id)',
    );

    await queryRunner.query(`
      CREATE TABLE agent_chat_session (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        agent_id uuid NOT NULL REFERENCES agent(id) ON DELETE CASCADE,
        turn_token uuid,
        turn_heartbeat_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX agent_chat_session_account_idx ON agent_chat_session (account_id, agent_id)',
    );
    await queryRunner.query(`
      CREATE TABLE agent_chat_message (
        session_id uuid NOT NULL REFERENCES agent_chat_session(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        role text NOT NULL CHECK (role IN ('user', 'assistant', 'tool')),
        content text,
        tool_calls jsonb,
        tool_call_id text,
        tool_name text,
        is_error boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, seq)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE agent_chat_message');
    await queryRunner.query('DROP TABLE agent_chat_session');
    await queryRunner.query('DROP TABLE agent_tool_link');
    await queryRunner.query('DROP TABLE agent_prompt_link');
    await queryRunner.query('DROP TABLE agent');
    await queryRunner.query('DROP TABLE agent_tool_server');
    await queryRunner.query('DROP TABLE agent_prompt');
  }
}
