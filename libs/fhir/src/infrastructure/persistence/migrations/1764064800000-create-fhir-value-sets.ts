import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ValueSets imported with implementation guide packages, per account (bindings of profiles). */
export class CreateFhirValueSets1764064800000 implements MigrationInterface {
  name = 'CreateFhirValueSets1764064800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE fhir_value_set (
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        url text NOT NULL,
        version text,
        implementation_guide text NOT NULL,
        value_set jsonb NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, url)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE fhir_value_set');
  }
}
