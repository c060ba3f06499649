import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Code systems (builtin views of the vocabulary and custom uploads) and their codes, searchable three ways. */
export class CreateCodeSystems1732262550000 implements MigrationInterface {
  name = 'CreateCodeSystems1732262550000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const vector = (await queryRunner.query(
      "SELECT 1 FROM pg_extension WHERE extname = 'vector'",
    )) as unknown[];
    if (vector.length === 0) {
      throw new Error(
        'Code systems need the pgvector extension (CREATE EXTENSION vector); install pgvector on the PostgreSQL server',
      );
    }
    await queryRunner.query(`
      CREATE TABLE construe_code_system (
        id uuid PRIMARY KEY,
        account_id uuid REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL,
        version text NOT NULL,
        revision double precision,
        builtin boolean NOT NULL DEFAULT false,
        status text NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
        error text,
        code_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (builtin = (account_id IS NULL))
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX construe_custom_system_uq ON construe_code_system (account_id, name, version) WHERE NOT builtin',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX construe_builtin_system_uq ON construe_code_system (name) WHERE builtin',
    );
    await queryRunner.query(`
      CREATE TABLE construe_code (
        system_id uuid NOT NULL REFERENCES construe_code_system(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        code text NOT NULL,
        code_key text NOT NULL,
        description text NOT NULL,
        definition text,
        search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', description || ' ' || coalesce(definition, ''))) STORED,
        embedding vector(256),
        PRIMARY KEY (system_id, seq),
        UNIQUE (system_id, code)
      )`);
    await queryRunner.query(
      'CREATE INDEX construe_code_key_idx ON construe_code (system_id, code_key text_pattern_ops)',
    );
    await queryRunner.query(
      'CREATE INDEX construe_code_description_idx ON construe_code (system_id, lower(description))',
    );
    await queryRunner.query(
      'CREATE INDEX construe_code_trgm_idx ON construe_code USING gin (description gin_trgm_ops)',
    );
    await queryRunner.query(
      'CREATE INDEX construe_code_tsv_idx ON construe_code USING gin (search_tsv)',
    );
    await queryRunner.query(
      'CREATE INDEX construe_code_embedding_idx ON construe_code USING hnsw (embedding vector_cosine_ops)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE construe_code');
    await queryRunner.query('DROP TABLE construe_code_system');
  }
}
