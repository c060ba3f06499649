import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What text search reads besides a code's title: its synonyms (the vocabulary's synonym
 * rows and the names of the concepts it maps to or from) and its context (the titles of
 * the codes above it, the names of its parent concepts). Filled when a builtin system is
 * materialised from the vocabulary; custom uploads leave them empty.
 */
export class AddConstrueSearchText1732266400000 implements MigrationInterface {
  name = 'AddConstrueSearchText1732266400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE construe_code ADD COLUMN synonyms text[], ADD COLUMN context text[]',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE construe_code DROP COLUMN synonyms, DROP COLUMN context');
  }
}
