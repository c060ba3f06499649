import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'agent_chat_session' })
export class ChatSessionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('uuid', { name: 'agent_id' })
  agentId!: string;

  /** Set while a turn runs: the lock of the replica running it (see ChatSessionRepository). */
  @Column('uuid', { name: 'turn_token', nullable: true })
  turnToken!: string | null;

  @Column('timestamptz', { name: 'turn_heartbeat_at', nullable: true })
  turnHeartbeatAt!: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}

@Entity({ name: 'agent_chat_message' })
export class ChatMessageEntity {
  @PrimaryColumn('uuid', { name: 'session_id' })
  sessionId!: string;

  @PrimaryColumn('integer')
  seq!: number;

  @Column('text')
  role!: 'user' | 'assistant' | 'tool';

  @Column('text', { nullable: true })
  content!: string | null;

  @Column('jsonb', { name: 'tool_calls', nullable: true })
  toolCalls!: { id: string; name: string; arguments: string }[] | null;

  @Column('text', { name: 'tool_call_id', nullable: true })
  toolCallId!: string | null;

  @Column('text', { name: 'tool_name', nullable: true })
  toolName!: string | null;

  @Column('boolean', { name: 'is_error' })
  isError!: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
