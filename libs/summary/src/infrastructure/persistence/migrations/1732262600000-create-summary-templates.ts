import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSummaryTemplates1732262600000 implements MigrationInterface {
  name = 'CreateSummaryTemplates1732262600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE summary_template (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description text NOT NULL DEFAULT '',
        template text NOT NULL,
        target_resources jsonb NOT NULL,
        mode text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX summary_template_account_idx ON summary_template (account_id, created_at, id)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE summary_template');
  }
}
