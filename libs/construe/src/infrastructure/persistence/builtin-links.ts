import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { builtinLinksSql, createBuiltinLinksSql } from './builtin-codes.sql.js';

/**
 * The builtin vocabularies' relationships, filtered once into an unlogged table
 * (`construe_links_<random>`, indexed and analyzed) for every system's build to read,
 * instead of each build scanning and hashing all of `vocab.concept_relationship`.
 */
export class BuiltinLinks {
  static readonly prefix = 'construe_links_';
  readonly name = `${BuiltinLinks.prefix}${randomBytes(6).toString('hex')}`;

  constructor(private readonly dataSource: DataSource) {}

  async write(vocabularyIds: readonly string[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL jit = off');
      await manager.query(createBuiltinLinksSql(this.name));
      await manager.query(builtinLinksSql(this.name), [vocabularyIds]);
      await manager.query(`CREATE INDEX ON ${this.name} (vocabulary_id)`);
      await manager.query(`ANALYZE ${this.name}`);
    });
  }

  async drop(): Promise<void> {
    await this.dataSource.query(`DROP TABLE IF EXISTS ${this.name}`);
  }
}
