import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each code system's lexemes with their document frequency: the dictionary that text
 * search corrects misspelled words against (trigram index) and weighs terms with.
 */
export class CreateConstrueLexemes1732264000000 implements MigrationInterface {
  name = 'CreateConstrueLexemes1732264000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE construe_lexeme (
        system_id uuid NOT NULL REFERENCES construe_code_system(id) ON DELETE CASCADE,
        lexeme text NOT NULL,
        ndoc integer NOT NULL,
        PRIMARY KEY (system_id, lexeme)
      )`);
    await queryRunner.query(`
      INSERT INTO construe_lexeme (system_id, lexeme, ndoc)
      SELECT system_id, lexeme, count(*) FROM construe_code, unnest(tsvector_to_array(search_tsv)) AS lexeme
      GROUP BY system_id, lexeme`);
    // Without a pending list: the table is small and written rarely, and a pending list
    // makes the planner (rightly) shun the index for a scan that tests every lexeme.
    await queryRunner.query(
      'CREATE INDEX construe_lexeme_trgm_idx ON construe_lexeme USING gin (lexeme gin_trgm_ops) WITH (fastupdate = off)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE construe_lexeme');
  }
}
