import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'agent_prompt' })
export class AgentPromptEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  description!: string;

  @Column('text')
  content!: string;

  @Column('boolean', { name: 'is_default' })
  isDefault!: boolean;

  @Column('jsonb')
  tags!: string[];

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
