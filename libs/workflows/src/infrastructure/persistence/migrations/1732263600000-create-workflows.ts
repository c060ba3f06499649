import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateWorkflows1732263600000 implements MigrationInterface {
  name = 'CreateWorkflows1732263600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE workflow (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        instructions text NOT NULL,
        sample_data jsonb NOT NULL,
        config jsonb NOT NULL,
        graph jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX workflow_account_idx ON workflow (account_id, created_at, id)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE workflow');
  }
}
