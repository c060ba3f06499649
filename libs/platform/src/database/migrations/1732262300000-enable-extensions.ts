import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * pg_trgm and uuid-ossp ship with PostgreSQL's contrib. pgvector is optional on a server
 * (it is always present in the embedded profile); features that need it check for it.
 */
export class EnableExtensions1732262300000 implements MigrationInterface {
  name = 'EnableExtensions1732262300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS "uuid-ossp"');
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const available = (await queryRunner.query(
      "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'",
    )) as unknown[];
    if (available.length > 0) await queryRunner.query('CREATE EXTENSION IF NOT EXISTS vector');
  }

  async down(): Promise<void> {
    // Extensions may be shared with other schemas; they are left in place.
  }
}
