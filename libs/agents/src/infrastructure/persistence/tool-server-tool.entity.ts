import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'agent_tool_server_tool' })
export class ToolServerToolEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('uuid', { name: 'tool_server_id' })
  toolServerId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  description!: string;

  @Column('jsonb', { name: 'input_schema' })
  inputSchema!: Record<string, unknown>;

  @Column('boolean')
  removed!: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
