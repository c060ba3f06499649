import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'fhir_provider_registration' })
export class FhirProviderEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  description!: string | null;

  @Column('text')
  provider!: string;

  @Column('text', { name: 'base_url' })
  baseUrl!: string;

  @Column('uuid', { name: 'active_auth_config_id' })
  activeAuthConfigId!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
