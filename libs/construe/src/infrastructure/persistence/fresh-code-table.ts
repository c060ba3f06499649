import { randomBytes } from 'node:crypto';
import { inLanes } from '@app/shared';
import type { DataSource, EntityManager } from 'typeorm';

interface IndexRow {
  name: string;
  definition: string;
  /** The kind of the constraint the index backs ('p' or 'u' are rebuilt), or null for a plain index. */
  kind: string | null;
}

interface ForeignKeyRow {
  name: string;
  definition: string;
}

const INDEXES_SQL = `
  SELECT index.relname AS name, pg_get_indexdef(index.oid) AS definition,
         (SELECT contype::text FROM pg_constraint WHERE conindid = pg_index.indexrelid AND conrelid = $1::regclass) AS kind
  FROM pg_index JOIN pg_class index ON index.oid = pg_index.indexrelid
  WHERE pg_index.indrelid = $1::regclass ORDER BY index.relname`;

const FOREIGN_KEYS_SQL = `
  SELECT conname AS name, pg_get_constraintdef(oid) AS definition
  FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f' ORDER BY conname`;

/**
 * A new table shaped like `table` (columns, defaults, checks; no index, no foreign key),
 * filled and indexed apart from it, several connections at a time (a `CREATE INDEX` takes a
 * share lock, so builds on one table run side by side), then put in `table`'s place by
 * `swapIn`: the old table dropped, the new one renamed, its indexes and constraints given
 * the old ones' names, all catalog work in the caller's short transaction. Until then no
 * reader of `table` waits on anything. The foreign keys are added `NOT VALID` in that
 * transaction and validated by `validate` after it (no lock that stops reads or writes).
 */
export class FreshCodeTable {
  readonly name: string;
  private indexes: (IndexRow & { temporary: string })[] = [];
  private foreignKeys: string[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly table: string,
  ) {
    this.name = `${FreshCodeTable.prefix(table)}${randomBytes(6).toString('hex')}`;
  }

  /** What the new tables of `table` are named after (a killed build leaves one behind). */
  static prefix(table: string): string {
    return `${table}_next_`;
  }

  async create(): Promise<void> {
    await this.dataSource.query(
      `CREATE TABLE ${this.name} (LIKE ${this.table} INCLUDING ALL EXCLUDING INDEXES) WITH (autovacuum_enabled = false)`,
    );
  }

  /** Builds `table`'s indexes on the new table under temporary names, `lanes` at a time. */
  async index(lanes: number, tune: (manager: EntityManager) => Promise<void>): Promise<void> {
    const rows = await this.dataSource.query<IndexRow[]>(INDEXES_SQL, [this.table]);
    const unknown = rows.find((row) => row.kind !== null && row.kind !== 'p' && row.kind !== 'u');
    if (unknown) throw new Error(`Cannot rebuild the constraint behind ${unknown.name}`);
    this.indexes = rows.map((row, i) => ({ ...row, temporary: `${this.name}_i${i}` }));
    await inLanes(this.indexes, lanes, async ({ definition, temporary }) => {
      await this.dataSource.transaction(async (manager) => {
        await tune(manager);
        await manager.query(this.retarget(definition, temporary));
      });
    });
  }

  /** Replaces `table` with the new table (in the caller's transaction, which should lock `table` first). */
  async swapIn(manager: EntityManager): Promise<void> {
    const foreignKeys = await manager.query<ForeignKeyRow[]>(FOREIGN_KEYS_SQL, [this.table]);
    await manager.query(`DROP TABLE ${this.table}`);
    await manager.query(`ALTER TABLE ${this.name} RENAME TO ${this.table}`);
    await manager.query(`ALTER TABLE ${this.table} RESET (autovacuum_enabled)`);
    for (const { name, temporary, kind } of this.indexes) {
      if (kind === null) await manager.query(`ALTER INDEX ${temporary} RENAME TO ${name}`);
      else
        await manager.query(
          `ALTER TABLE ${this.table} ADD CONSTRAINT ${name} ${kind === 'p' ? 'PRIMARY KEY' : 'UNIQUE'} USING INDEX ${temporary}`,
        );
    }
    for (const { name, definition } of foreignKeys)
      await manager.query(
        `ALTER TABLE ${this.table} ADD CONSTRAINT ${name} ${definition} NOT VALID`,
      );
    this.foreignKeys = foreignKeys.map((key) => key.name);
  }

  /** Checks the foreign keys `swapIn` added against every row (after its transaction). */
  async validate(): Promise<void> {
    for (const name of this.foreignKeys)
      await this.dataSource.query(`ALTER TABLE ${this.table} VALIDATE CONSTRAINT ${name}`);
  }

  /** Drops the new table if it was not swapped in. */
  async discard(): Promise<void> {
    await this.dataSource.query(`DROP TABLE IF EXISTS ${this.name}`);
  }

  /** `CREATE [UNIQUE] INDEX name ON [schema.]table USING …` made about the new table under `temporary`. */
  private retarget(definition: string, temporary: string): string {
    const match = /^(CREATE (?:UNIQUE )?INDEX )\S+ ON (?:ONLY )?(?:\S+\.)?(\S+)( USING .*)$/s.exec(
      definition,
    );
    if (!match || match[2] !== this.table)
      throw new Error(`Unexpected index definition: ${definition}`);
    return `${match[1]}${temporary} ON ${this.name}${match[3]}`;
  }
}
