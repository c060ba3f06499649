import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  createStagedCodesSql,
  stageBuiltinCodesSql,
  writeStagedCodesSql,
} from './builtin-codes.sql.js';

/**
 * Builtin systems' codes computed ahead of their writing, one unlogged table per vocabulary
 * (`construe_build_<random>`), each in its own transaction on its own connection, a few at a
 * time: the computation (scans and hashes of the vocabulary) takes no lock on the code
 * table. `drop` removes the tables.
 */
export class StagedBuiltinCodes {
  private readonly tables = new Map<string, string>();

  constructor(private readonly dataSource: DataSource) {}

  async compute(
    vocabularyIds: readonly string[],
    lanes: number,
    tune: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < vocabularyIds.length) {
        const vocabularyId = vocabularyIds[next++];
        const table = `construe_build_${randomBytes(8).toString('hex')}`;
        this.tables.set(vocabularyId, table);
        await this.dataSource.transaction(async (manager) => {
          await tune(manager);
          await manager.query(createStagedCodesSql(table));
          await manager.query(stageBuiltinCodesSql(table), [vocabularyId]);
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, vocabularyIds.length) }, lane));
  }

  /** Writes the codes staged for `vocabularyId` as the system `systemId`'s; returns how many. */
  async write(manager: EntityManager, vocabularyId: string, systemId: string): Promise<number> {
    const table = this.tables.get(vocabularyId);
    if (!table) throw new Error(`No codes staged for ${vocabularyId}`);
    const [{ inserted }] = await manager.query<{ inserted: string }[]>(writeStagedCodesSql(table), [
      systemId,
    ]);
    return Number(inserted);
  }

  async drop(): Promise<void> {
    for (const table of this.tables.values())
      await this.dataSource.query(`DROP TABLE IF EXISTS ${table}`);
    this.tables.clear();
  }
}
