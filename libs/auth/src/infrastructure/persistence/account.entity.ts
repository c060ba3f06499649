import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'account' })
export class AccountEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text', { unique: true })
  name!: string;

  @Column('text')
  plan!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
