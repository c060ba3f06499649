import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Registered FHIR providers and their auth configurations (secrets as AES-GCM ciphertext). */
export class CreateFhirProviders1732263200000 implements MigrationInterface {
  name = 'CreateFhirProviders1732263200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE fhir_provider_registration (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        description text,
        provider text NOT NULL CHECK (provider <> 'sandbox'),
        base_url text NOT NULL,
        active_auth_config_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX fhir_provider_registration_name_idx ON fhir_provider_registration (account_id, lower(name))',
    );
    await queryRunner.query(`
      CREATE TABLE fhir_provider_auth_config (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        provider_id uuid NOT NULL REFERENCES fhir_provider_registration(id) ON DELETE CASCADE,
        auth_method text NOT NULL,
        client_id text,
        role text,
        scopes text,
        credential_expiry timestamptz,
        token_url text,
        encrypted_secret text,
        encrypted_private_key text,
        public_jwk jsonb,
        certificate_pem text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (role IS NULL OR scopes IS NULL)
      )`);
    await queryRunner.query(
      'CREATE INDEX fhir_provider_auth_config_provider_idx ON fhir_provider_auth_config (account_id, provider_id)',
    );
    // Checked at commit: a provider and its first configuration are inserted together.
    await queryRunner.query(`
      ALTER TABLE fhir_provider_registration
        ADD CONSTRAINT fhir_provider_registration_active_fk FOREIGN KEY (active_auth_config_id)
        REFERENCES fhir_provider_auth_config(id) DEFERRABLE INITIALLY DEFERRED`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE fhir_provider_registration DROP CONSTRAINT fhir_provider_registration_active_fk',
    );
    await queryRunner.query('DROP TABLE fhir_provider_auth_config');
    await queryRunner.query('DROP TABLE fhir_provider_registration');
  }
}
