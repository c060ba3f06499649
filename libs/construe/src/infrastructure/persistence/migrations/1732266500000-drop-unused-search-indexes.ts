import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Text search reads an in-memory index built from the stored codes; the database-side
 * search structures (the full-text column and its GIN index, the trigram index on the
 * description, the lexeme table) are no longer read, and every bulk insert of codes paid
 * for maintaining them.
 */
export class DropUnusedSearchIndexes1732266500000 implements MigrationInterface {
  name = 'DropUnusedSearchIndexes1732266500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS construe_lexeme');
    await queryRunner.query('DROP INDEX IF EXISTS construe_code_trgm_idx');
    await queryRunner.query('DROP INDEX IF EXISTS construe_code_tsv_idx');
    await queryRunner.query('ALTER TABLE construe_code DROP COLUMN IF EXISTS search_tsv');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "ALTER TABLE construe_code ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', description || ' ' || coalesce(definition, ''))) STORED",
    );
    await queryRunner.query(
      'CREATE INDEX construe_code_tsv_idx ON construe_code USING gin (search_tsv)',
    );
    await queryRunner.query(
      'CREATE INDEX construe_code_trgm_idx ON construe_code USING gin (description gin_trgm_ops)',
    );
    await queryRunner.query(`
      CREATE TABLE construe_lexeme (
        system_id uuid NOT NULL REFERENCES construe_code_system(id) ON DELETE CASCADE,
        lexeme text NOT NULL,
        ndoc integer NOT NULL,
        PRIMARY KEY (system_id, lexeme)
      )`);
  }
}
