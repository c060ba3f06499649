import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CodeReader, type ListedCode } from '../../application/ports/code-reader.js';
import type { SystemCode } from '../../domain/code-system.js';
import { toCode, type CodeRow } from './code-system.rows.js';

@Injectable()
export class SqlCodeReader extends CodeReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async listCodes(systemId: string, afterSeq: number, limit: number): Promise<ListedCode[]> {
    const rows = await this.dataSource.query<CodeRow[]>(
      'SELECT seq, code, description, definition FROM construe_code WHERE system_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [systemId, afterSeq, limit],
    );
    return rows.map((row) => ({ ...toCode(row), seq: Number(row.seq) }));
  }

  async findCode(systemId: string, key: string): Promise<SystemCode | null> {
    const rows = await this.dataSource.query<CodeRow[]>(
      'SELECT seq, code, description, definition FROM construe_code WHERE system_id = $1 AND code_key = $2 ORDER BY seq LIMIT 1',
      [systemId, key],
    );
    return rows[0] ? toCode(rows[0]) : null;
  }
}
