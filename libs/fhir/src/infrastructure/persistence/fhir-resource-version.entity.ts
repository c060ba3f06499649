import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Every version of every sandbox resource; `content` is null for a deletion. */
@Entity({ name: 'fhir_sandbox_resource_version' })
export class FhirResourceVersionEntity {
  @PrimaryColumn('uuid', { name: 'account_id' })
  accountId!: string;

  @PrimaryColumn('uuid', { name: 'version_id' })
  versionId!: string;

  @Column('text', { name: 'resource_type' })
  resourceType!: string;

  @Column('text')
  id!: string;

  @Column('timestamptz', { name: 'last_updated' })
  lastUpdated!: Date;

  @Column('jsonb', { nullable: true })
  content!: object | null;
}
