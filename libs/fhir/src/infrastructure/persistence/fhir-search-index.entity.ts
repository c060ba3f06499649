import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One searchable value of a current sandbox resource (see domain/search/search-index.ts). */
@Entity({ name: 'fhir_sandbox_search_index' })
export class FhirSearchIndexEntity {
  @PrimaryGeneratedColumn('identity', { name: 'entry_id', type: 'bigint' })
  entryId!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('text', { name: 'resource_type' })
  resourceType!: string;

  @Column('text', { name: 'resource_id' })
  resourceId!: string;

  @Column('text')
  code!: string;

  @Column('text')
  kind!: string;

  @Column('text', { nullable: true })
  system!: string | null;

  @Column('text', { nullable: true })
  value!: string | null;

  @Column('text', { nullable: true })
  exact!: string | null;

  @Column('timestamptz', { nullable: true })
  low!: Date | null;

  @Column('timestamptz', { nullable: true })
  high!: Date | null;

  @Column('numeric', { name: 'num_low', nullable: true })
  numLow!: string | null;

  @Column('numeric', { name: 'num_high', nullable: true })
  numHigh!: string | null;
}
