import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox FHIR server's storage: current versions, every version, and the search index. */
export class CreateFhirSandbox1732263100000 implements MigrationInterface {
  name = 'CreateFhirSandbox1732263100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE fhir_sandbox_resource (
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        resource_type text NOT NULL,
        id text NOT NULL CHECK (id ~ '^[A-Za-z0-9.-]{1,64}$'),
        version_id uuid NOT NULL,
        last_updated timestamptz NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        content jsonb,
        PRIMARY KEY (account_id, resource_type, id),
        CHECK (deleted OR content IS NOT NULL)
      )`);
    await queryRunner.query(
      'CREATE INDEX fhir_sandbox_resource_updated_idx ON fhir_sandbox_resource (account_id, resource_type, last_updated, id)',
    );
    await queryRunner.query(`
      CREATE TABLE fhir_sandbox_resource_version (
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        version_id uuid NOT NULL,
        resource_type text NOT NULL,
        id text NOT NULL,
        last_updated timestamptz NOT NULL,
        content jsonb,
        PRIMARY KEY (account_id, version_id)
      )`);
    await queryRunner.query(
      'CREATE INDEX fhir_sandbox_resource_version_history_idx ON fhir_sandbox_resource_version (account_id, resource_type, id, last_updated DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE fhir_sandbox_search_index (
        entry_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id uuid NOT NULL,
        resource_type text NOT NULL,
        resource_id text NOT NULL,
        code text NOT NULL,
        kind text NOT NULL,
        system text,
        value text,
        exact text,
        low timestamptz,
        high timestamptz,
        num_low numeric,
        num_high numeric,
        FOREIGN KEY (account_id, resource_type, resource_id)
          REFERENCES fhir_sandbox_resource (account_id, resource_type, id) ON DELETE CASCADE
      )`);
    await queryRunner.query(
      'CREATE INDEX fhir_sandbox_search_index_resource_idx ON fhir_sandbox_search_index (account_id, resource_type, resource_id)',
    );
    await queryRunner.query(
      'CREATE INDEX fhir_sandbox_search_index_value_idx ON fhir_sandbox_search_index (account_id, resource_type, code, value)',
    );
    await queryRunner.query(
      'CREATE INDEX fhir_sandbox_search_index_date_idx ON fhir_sandbox_search_index (account_id, resource_type, code, low, high)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE fhir_sandbox_search_index');
    await queryRunner.query('DROP TABLE fhir_sandbox_resource_version');
    await queryRunner.query('DROP TABLE fhir_sandbox_resource');
  }
}
