import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'lang2fhir_reference_fixup' })
export class ReferenceFixupEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('text', { nullable: true })
  provider!: string | null;

  @Column('text', { name: 'on_behalf_of', nullable: true })
  onBehalfOf!: string | null;

  /** The caller's token for a token_passthrough provider, sealed; cleared once the fix-up ends. */
  @Column('text', { name: 'sealed_token', nullable: true })
  sealedToken!: string | null;

  @Column('jsonb')
  updates!: Record<string, unknown>[];

  @Column('text')
  status!: 'pending' | 'completed' | 'failed';

  @Column('jsonb')
  updated!: string[];

  @Column('text', { nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
