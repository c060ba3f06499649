import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CodeSystemRepository } from '../../application/ports/code-system.repository.js';
import type { CodeSystem, CodeSystemStatus } from '../../domain/code-system.js';
import { toSystem, type SystemRow } from './code-system.rows.js';

@Injectable()
export class SqlCodeSystemRepository extends CodeSystemRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async findOwnedByName(accountId: string, name: string): Promise<CodeSystem[]> {
    const rows = await this.dataSource.query<SystemRow[]>(
      "SELECT * FROM construe_code_system WHERE name = $1 AND (builtin OR account_id = $2) AND status <> 'loading' ORDER BY builtin DESC, created_at",
      [name, accountId],
    );
    return rows.map(toSystem);
  }

  async listOwned(accountId: string): Promise<CodeSystem[]> {
    const rows = await this.dataSource.query<SystemRow[]>(
      "SELECT * FROM construe_code_system WHERE (builtin OR account_id = $1) AND status <> 'loading' ORDER BY builtin DESC, name, version",
      [accountId],
    );
    return rows.map(toSystem);
  }

  async findById(systemId: string): Promise<CodeSystem | null> {
    const rows = await this.dataSource.query<SystemRow[]>(
      'SELECT * FROM construe_code_system WHERE id = $1',
      [systemId],
    );
    return rows[0] ? toSystem(rows[0]) : null;
  }

  async setStatus(systemId: string, status: CodeSystemStatus, error?: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE construe_code_system SET status = $2, error = $3, updated_at = now() WHERE id = $1',
      [systemId, status, error ?? null],
    );
  }

  async listProcessing(): Promise<CodeSystem[]> {
    const rows = await this.dataSource.query<SystemRow[]>(
      "SELECT * FROM construe_code_system WHERE status = 'processing' ORDER BY created_at",
    );
    return rows.map(toSystem);
  }
}
