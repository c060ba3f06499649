import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'agent_tool_server' })
export class ToolServerEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  description!: string;

  @Column('text')
  url!: string;

  @Column('jsonb', { name: 'header_names' })
  headerNames!: string[];

  /** AES-256-GCM ciphertext of the headers as JSON, bound to account, server and field. */
  @Column('text', { name: 'encrypted_headers', nullable: true })
  encryptedHeaders!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
