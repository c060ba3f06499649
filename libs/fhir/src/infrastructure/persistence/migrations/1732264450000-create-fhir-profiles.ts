import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Custom FHIR profiles (StructureDefinitions) and implementation guide metadata, per account. */
export class CreateFhirProfiles1732264450000 implements MigrationInterface {
  name = 'CreateFhirProfiles1732264450000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE fhir_profile (
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        id text NOT NULL,
        url text NOT NULL,
        resource_type text NOT NULL,
        version text,
        fhir_version text,
        implementation_guide text NOT NULL,
        structure_definition jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, id),
        UNIQUE (account_id, url)
      )`);
    await queryRunner.query(`
      CREATE TABLE fhir_implementation_guide (
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL,
        profile_context text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, name)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE fhir_implementation_guide');
    await queryRunner.query('DROP TABLE fhir_profile');
  }
}
