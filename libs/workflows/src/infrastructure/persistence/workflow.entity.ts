import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'workflow' })
export class WorkflowEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  instructions!: string;

  @Column('jsonb', { name: 'sample_data' })
  sampleData!: Record<string, unknown>;

  @Column('jsonb')
  config!: Record<string, unknown>;

  @Column('jsonb')
  graph!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
