import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'fhir_provider_auth_config' })
export class FhirProviderAuthConfigEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('uuid', { name: 'provider_id' })
  providerId!: string;

  @Column('text', { name: 'auth_method' })
  authMethod!: string;

  @Column('text', { name: 'client_id', nullable: true })
  clientId!: string | null;

  @Column('text', { nullable: true })
  role!: string | null;

  @Column('text', { nullable: true })
  scopes!: string | null;

  @Column('timestamptz', { name: 'credential_expiry', nullable: true })
  credentialExpiry!: Date | null;

  @Column('text', { name: 'token_url', nullable: true })
  tokenUrl!: string | null;

  @Column('text', { name: 'encrypted_secret', nullable: true })
  encryptedSecret!: string | null;

  @Column('text', { name: 'encrypted_private_key', nullable: true })
  encryptedPrivateKey!: string | null;

  @Column('jsonb', { name: 'public_jwk', nullable: true })
  publicJwk!: object | null;

  @Column('text', { name: 'certificate_pem', nullable: true })
  certificatePem!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
