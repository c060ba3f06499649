import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CdmColumn } from '../../../domain/bulk/cdm-columns.js';
import type { SqlRow } from '../../../domain/bulk/conform-rows.js';

const PAGE = 10_000;

/**
 * The service's own vocabulary store (the `vocab` schema @app/vocabulary imports into),
 * read table by table to fill the CDM schema's vocabulary tables. Its tables have the
 * CDM's names and columns, so they are read as the CDM defines them.
 */
@Injectable()
export class ServiceVocabulary {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Changes whenever an import changes the vocabulary. */
  async fingerprint(): Promise<string> {
    const rows = await this.dataSource.query<Record<string, string>[]>(
      `SELECT (SELECT count(*) FROM vocab.concept)::text AS concepts,
              (SELECT count(*) FROM vocab.concept_relationship)::text AS relationships,
              (SELECT count(*) FROM vocab.concept_ancestor)::text AS ancestors,
              (SELECT coalesce(string_agg(vocabulary_id || '=' || coalesce(vocabulary_version, ''), ';'
                                          ORDER BY vocabulary_id), '') FROM vocab.vocabulary) AS versions`,
    );
    return JSON.stringify(rows[0]);
  }

  /** All rows of a table as text, in key order, a page at a time (keyset pagination). */
  async *pages(
    table: string,
    key: readonly string[],
    columns: readonly CdmColumn[],
  ): AsyncIterable<SqlRow[]> {
    const keyColumns = key.map((name) => columns.find((column) => column.name === name)!);
    const keyCast = (column: CdmColumn) =>
      column.type === 'integer' || column.type === 'bigint' ? column.type : 'text';
    const select = columns.map((column) => `v.${column.name}::text AS ${column.name}`).join(', ');
    // Qualified: unqualified names in ORDER BY would mean the text output columns.
    const order = key.map((name) => `v.${name}`).join(', ');
    let after: (string | null)[] | undefined;
    for (;;) {
      const where = after
        ? `WHERE (${order}) > (${keyColumns.map((column, index) => `$${index + 1}::${keyCast(column)}`).join(', ')})`
        : '';
      const rows = await this.dataSource.query<SqlRow[]>(
        `SELECT ${select} FROM vocab.${table} v ${where} ORDER BY ${order} LIMIT ${PAGE}`,
        after ?? [],
      );
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < PAGE) return;
      const last = rows[rows.length - 1];
      after = key.map((name) => last[name]);
    }
  }
}
