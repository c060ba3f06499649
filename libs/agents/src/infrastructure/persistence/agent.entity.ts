import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'agent' })
export class AgentEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  description!: string;

  @Column('jsonb', { name: 'workflow_ids' })
  workflowIds!: string[];

  @Column('jsonb')
  tags!: string[];

  @Column('jsonb')
  provider!: string | string[];

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}

@Entity({ name: 'agent_prompt_link' })
export class AgentPromptLinkEntity {
  @PrimaryColumn('uuid', { name: 'agent_id' })
  agentId!: string;

  @PrimaryColumn('uuid', { name: 'prompt_id' })
  promptId!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('integer')
  position!: number;
}

@Entity({ name: 'agent_tool_link' })
export class AgentToolLinkEntity {
  @PrimaryColumn('uuid', { name: 'agent_id' })
  agentId!: string;

  @PrimaryColumn('uuid', { name: 'tool_server_id' })
  toolServerId!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('integer')
  position!: number;
}
