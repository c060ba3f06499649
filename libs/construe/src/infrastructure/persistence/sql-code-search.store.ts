import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  CodeSearchStore,
  type ScoredCode,
  type SearchableCode,
} from '../../application/ports/code-search.store.js';
import { toCode, vectorLiteral, type CodeRow } from './code-system.rows.js';

const LOAD_PAGE = 10_000;

@Injectable()
export class SqlCodeSearchStore extends CodeSearchStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  /** A code-looking query: the exact code first, then codes it prefixes, in system order. */
  async searchCodePrefix(systemId: string, key: string, limit: number): Promise<ScoredCode[]> {
    const rows = await this.dataSource.query<(CodeRow & { exact: boolean })[]>(
      `SELECT seq, code, description, definition, code_key = $2 AS exact FROM construe_code
       WHERE system_id = $1 AND code_key LIKE $3 || '%'
       ORDER BY code_key = $2 DESC, seq LIMIT $4`,
      [systemId, key, key.replace(/[\\%_]/g, '\\$&'), limit],
    );
    return rows.map((row) => ({ ...toCode(row), score: row.exact ? 2 : 1.5 }));
  }

  async searchSemantic(systemId: string, vector: number[], limit: number): Promise<ScoredCode[]> {
    const rows = await this.dataSource.query<(CodeRow & { distance: number })[]>(
      `SELECT seq, code, description, definition, embedding <=> $2::vector AS distance
       FROM construe_code WHERE system_id = $1 AND embedding IS NOT NULL
       ORDER BY embedding <=> $2::vector LIMIT $3`,
      [systemId, vectorLiteral(vector), limit],
    );
    return rows.map((row) => ({
      ...toCode(row),
      score: Number((1 - Number(row.distance)).toFixed(4)),
    }));
  }

  async findByDescriptions(systemId: string, phrases: string[], codeKeys: string[]) {
    const rows = await this.dataSource.query<(CodeRow & { key: string; code_key: string })[]>(
      `SELECT seq, code, description, definition, lower(description) AS key, code_key FROM construe_code
       WHERE system_id = $1 AND (lower(description) = ANY($2::text[]) OR code_key = ANY($3::text[]))`,
      [systemId, phrases, codeKeys],
    );
    return rows.map((row) => ({ ...toCode(row), key: row.key, codeKey: row.code_key }));
  }

  async loadSearchDocuments(systemId: string): Promise<SearchableCode[]> {
    // In pages: one statement over a whole system would hold the embedded database (which
    // runs in the API's thread) for seconds.
    const codes: SearchableCode[] = [];
    for (let afterSeq = 0; ;) {
      const rows = await this.dataSource.query<
        (CodeRow & { synonyms: string[] | null; context: string[] | null })[]
      >(
        'SELECT seq, code, description, definition, synonyms, context FROM construe_code WHERE system_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
        [systemId, afterSeq, LOAD_PAGE],
      );
      for (const row of rows) {
        codes.push({ ...toCode(row), synonyms: row.synonyms ?? [], context: row.context ?? [] });
      }
      if (rows.length < LOAD_PAGE) return codes;
      afterSeq = Number(rows[rows.length - 1].seq);
    }
  }

  /** After a bulk write: refresh the planner's statistics (code-prefix search, the vector index). */
  async optimizeSearch(): Promise<void> {
    await this.dataSource.query('ANALYZE construe_code');
  }
}
