import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ValueSetRepository,
  type StoredValueSet,
} from '../../application/ports/value-set.repository.js';
import { jsonColumn } from './json-column.js';

interface ValueSetRow {
  url: string;
  version: string | null;
  implementation_guide: string;
  value_set: Record<string, unknown> | string;
}

@Injectable()
export class SqlValueSetRepository extends ValueSetRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async save(accountId: string, valueSets: StoredValueSet[]): Promise<void> {
    const now = new Date();
    for (const item of valueSets) {
      await this.dataSource.query(
        `INSERT INTO fhir_value_set (account_id, url, version, implementation_guide, value_set, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account_id, url) DO UPDATE
           SET version = $3, implementation_guide = $4, value_set = $5, updated_at = $6`,
        [
          accountId,
          item.url,
          item.version ?? null,
          item.implementationGuide,
          JSON.stringify(item.valueSet),
          now,
        ],
      );
    }
  }

  async findOwnedByUrls(accountId: string, urls: string[]): Promise<StoredValueSet[]> {
    if (urls.length === 0) return [];
    const rows: ValueSetRow[] = await this.dataSource.query(
      `SELECT url, version, implementation_guide, value_set FROM fhir_value_set
       WHERE account_id = $1 AND url = ANY($2)`,
      [accountId, urls],
    );
    return rows.map((row) => ({
      url: row.url,
      version: row.version ?? undefined,
      implementationGuide: row.implementation_guide,
      valueSet: jsonColumn(row.value_set),
    }));
  }
}
