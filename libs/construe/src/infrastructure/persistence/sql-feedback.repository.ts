import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  FeedbackRepository,
  type ExtractionFeedback,
  type StoredFeedback,
} from '../../application/ports/feedback.repository.js';

interface FeedbackRow {
  id: string;
  text: string;
  received_result: unknown;
  expected_result: unknown;
  detail: string | null;
  created_at: Date | string;
}

@Injectable()
export class SqlFeedbackRepository extends FeedbackRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async save(accountId: string, feedback: ExtractionFeedback): Promise<string> {
    const id = randomUUID();
    await this.dataSource.query(
      `INSERT INTO construe_feedback (id, account_id, text, received_result, expected_result, detail)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        id,
        accountId,
        feedback.text,
        JSON.stringify(feedback.receivedResult),
        JSON.stringify(feedback.expectedResult),
        feedback.detail,
      ],
    );
    return id;
  }

  async listOwned(accountId: string, limit: number): Promise<StoredFeedback[]> {
    const rows = await this.dataSource.query<FeedbackRow[]>(
      `SELECT id, text, received_result, expected_result, detail, created_at FROM construe_feedback
       WHERE account_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [accountId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      text: row.text,
      receivedResult: parseJson(row.received_result),
      expectedResult: parseJson(row.expected_result),
      detail: row.detail,
      createdAt: new Date(row.created_at),
    }));
  }
}

/** PGlite and node-postgres both parse jsonb; a string here is a driver that did not. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}
