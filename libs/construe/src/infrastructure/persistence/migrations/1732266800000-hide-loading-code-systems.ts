import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploads are written in many short statements (a long one holds the embedded database,
 * which runs on the API's thread). Until its last code is stored a custom system has the
 * status `loading`: no reader sees it, and it takes no name from a published system.
 * Smaller GIN pending lists make the flushes that inserts trigger short as well.
 */
export class HideLoadingCodeSystems1732266800000 implements MigrationInterface {
  name = 'HideLoadingCodeSystems1732266800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE construe_code_system DROP CONSTRAINT IF EXISTS construe_code_system_status_check',
    );
    await queryRunner.query(
      "ALTER TABLE construe_code_system ADD CONSTRAINT construe_code_system_status_check CHECK (status IN ('loading', 'processing', 'ready', 'failed'))",
    );
    await queryRunner.query('DROP INDEX IF EXISTS construe_custom_system_uq');
    await queryRunner.query(
      "CREATE UNIQUE INDEX construe_custom_system_uq ON construe_code_system (account_id, name, version) WHERE NOT builtin AND status <> 'loading'",
    );
    for (const index of ['construe_code_trgm_idx', 'construe_code_tsv_idx']) {
      await queryRunner.query(`ALTER INDEX IF EXISTS ${index} SET (gin_pending_list_limit = 64)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of ['construe_code_trgm_idx', 'construe_code_tsv_idx']) {
      await queryRunner.query(`ALTER INDEX IF EXISTS ${index} RESET (gin_pending_list_limit)`);
    }
    await queryRunner.query("DELETE FROM construe_code_system WHERE status = 'loading'");
    await queryRunner.query('DROP INDEX IF EXISTS construe_custom_system_uq');
    await queryRunner.query(
      'CREATE UNIQUE INDEX construe_custom_system_uq ON construe_code_system (account_id, name, version) WHERE NOT builtin',
    );
    await queryRunner.query(
      'ALTER TABLE construe_code_system DROP CONSTRAINT IF EXISTS construe_code_system_status_check',
    );
    await queryRunner.query(
      "ALTER TABLE construe_code_system ADD CONSTRAINT construe_code_system_status_check CHECK (status IN ('processing', 'ready', 'failed'))",
    );
  }
}
