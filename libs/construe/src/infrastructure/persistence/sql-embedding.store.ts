import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ListedCode } from '../../application/ports/code-reader.js';
import { EmbeddingStore } from '../../application/ports/embedding.store.js';
import { toCode, vectorLiteral, type CodeRow } from './code-system.rows.js';

@Injectable()
export class SqlEmbeddingStore extends EmbeddingStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async nextUnembedded(
    systemId: string,
    afterSeq: number,
    limit: number,
    throughSeq = 2_147_483_647,
  ): Promise<ListedCode[]> {
    // A keyset walk on the primary key: a filter on `embedding IS NULL` alone would revisit
    // every row updated so far (dead index entries) and make the whole job quadratic. The
    // upper bound keeps the scan short whatever the plan (a system uploaded since the last
    // ANALYZE gets a bitmap scan of all its rows and a sort).
    const rows = await this.dataSource.query<CodeRow[]>(
      'SELECT seq, code, description, definition FROM construe_code WHERE system_id = $1 AND seq > $2 AND seq <= $4 AND embedding IS NULL ORDER BY seq LIMIT $3',
      [systemId, afterSeq, limit, throughSeq],
    );
    return rows.map((row) => ({ ...toCode(row), seq: Number(row.seq) }));
  }

  async saveEmbeddings(
    systemId: string,
    embeddings: { seq: number; vector: number[] }[],
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE construe_code c SET embedding = e.vector::vector
       FROM unnest($2::int[], $3::text[]) AS e(seq, vector)
       WHERE c.system_id = $1 AND c.seq = e.seq`,
      [
        systemId,
        embeddings.map((embedding) => embedding.seq),
        embeddings.map((embedding) => vectorLiteral(embedding.vector)),
      ],
    );
  }
}
