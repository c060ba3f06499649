import type { EntityManager } from 'typeorm';

interface Definition {
  name: string;
  definition: string;
  kind: 'p' | 'u' | 'f' | 'index';
}

/**
 * The table's keys (primary, unique, foreign) and its B-tree indexes, in the order they are
 * added back: keys first, then the foreign keys (validated in one pass), then the indexes.
 * Other index methods (the vector index) stay: their rows are not the bulk written here.
 */
const DEFINITIONS_SQL = `
  SELECT conname AS name, pg_get_constraintdef(oid) AS definition, contype::text AS kind
  FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'f')
  UNION ALL
  SELECT index.relname, pg_get_indexdef(index.oid), 'index'
  FROM pg_index JOIN pg_class index ON index.oid = pg_index.indexrelid
  JOIN pg_am ON pg_am.oid = index.relam
  WHERE pg_index.indrelid = $1::regclass AND pg_am.amname = 'btree'
    AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = pg_index.indexrelid AND conrelid = $1::regclass)`;

const ORDER: Definition['kind'][] = ['p', 'u', 'f', 'index'];

/**
 * Runs `write` on `table` with its keys and B-tree indexes dropped, then adds them back in
 * the same transaction: a sorted build and one validating join instead of maintaining them
 * (and checking each foreign key) row by row. It takes the table's exclusive lock until
 * the transaction ends, so only a process that owns the database (the embedded CLI) uses it.
 */
export async function withIndexesDeferred<T>(
  manager: EntityManager,
  table: string,
  write: () => Promise<T>,
): Promise<T> {
  const definitions = await manager.query<Definition[]>(DEFINITIONS_SQL, [table]);
  for (const { name, kind } of definitions)
    await manager.query(
      kind === 'index' ? `DROP INDEX ${name}` : `ALTER TABLE ${table} DROP CONSTRAINT ${name}`,
    );
  const result = await write();
  const ordered = [...definitions].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  for (const { name, definition, kind } of ordered)
    await manager.query(
      kind === 'index' ? definition : `ALTER TABLE ${table} ADD CONSTRAINT ${name} ${definition}`,
    );
  return result;
}
