import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Follow-up PUTs of lang2fhir transactions whose server left urn:uuid references unresolved. */
export class CreateReferenceFixups1732264300000 implements MigrationInterface {
  name = 'CreateReferenceFixups1732264300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE lang2fhir_reference_fixup (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        provider text,
        on_behalf_of text,
        sealed_token text,
        updates jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
        updated jsonb NOT NULL DEFAULT '[]'::jsonb,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX lang2fhir_reference_fixup_account ON lang2fhir_reference_fixup (account_id, created_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE lang2fhir_reference_fixup');
  }
}
