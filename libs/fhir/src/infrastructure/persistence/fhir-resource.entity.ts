import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The current version of each sandbox resource (a tombstone once deleted). */
@Entity({ name: 'fhir_sandbox_resource' })
export class FhirResourceEntity {
  @PrimaryColumn('uuid', { name: 'account_id' })
  accountId!: string;

  @PrimaryColumn('text', { name: 'resource_type' })
  resourceType!: string;

  @PrimaryColumn('text')
  id!: string;

  @Column('uuid', { name: 'version_id' })
  versionId!: string;

  @Column('timestamptz', { name: 'last_updated' })
  lastUpdated!: Date;

  @Column('boolean', { default: false })
  deleted!: boolean;

  @Column('jsonb', { nullable: true })
  content!: object | null;
}
