import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccountsAndClients1732262400000 implements MigrationInterface {
  name = 'CreateAccountsAndClients1732262400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE account (
        id uuid PRIMARY KEY,
        name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
        plan text NOT NULL CHECK (plan IN ('free', 'paid')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE api_client (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL,
        secret_hash text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX api_client_account_idx ON api_client (account_id, created_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE api_client');
    await queryRunner.query('DROP TABLE account');
  }
}
