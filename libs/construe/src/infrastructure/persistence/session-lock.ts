import type { DataSource } from 'typeorm';

/**
 * Runs `work` while one connection holds the session-level advisory lock named `key`;
 * null, without running it, when another session holds the lock. The lock goes with the
 * connection if the process dies.
 */
export async function whileLocked<T>(
  dataSource: DataSource,
  key: string,
  work: () => Promise<T>,
): Promise<T | null> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = (await runner.query(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
      [key],
    )) as { locked: boolean }[];
    if (!locked) return null;
    try {
      return await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    await runner.release();
  }
}

/** Drops every table whose name starts with `prefix` (what a killed build left behind). */
export async function dropTablesNamed(dataSource: DataSource, prefix: string): Promise<void> {
  const tables = await dataSource.query<{ name: string }[]>(
    `SELECT relname AS name FROM pg_class
     WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace AND starts_with(relname, $1)`,
    [prefix],
  );
  for (const { name } of tables) await dataSource.query(`DROP TABLE IF EXISTS ${name}`);
}
