import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Callers' feedback on extraction results, one row per submission, kept per account. */
export class CreateConstrueFeedback1732265000000 implements MigrationInterface {
  name = 'CreateConstrueFeedback1732265000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE construe_feedback (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        text text NOT NULL,
        received_result jsonb NOT NULL,
        expected_result jsonb NOT NULL,
        detail text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX construe_feedback_account_idx ON construe_feedback (account_id, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE construe_feedback');
  }
}
