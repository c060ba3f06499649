import type { DataSource } from 'typeorm';
import { ensureExtensions } from './required-extensions.js';

// Arbitrary but fixed: every replica takes the same advisory lock before migrating.
const MIGRATION_LOCK_ID = 727_001;

/**
 * Creates missing extensions that have become available (see ensureExtensions), then runs pending migrations, each in its own transaction. In the server profile several
 * replicas may start together; a PostgreSQL advisory lock lets one migrate at a time.
 */
export async function runMigrations(dataSource: DataSource, serialize: boolean): Promise<string[]> {
  if (!serialize) {
    await ensureExtensions(dataSource);
    return (await dataSource.runMigrations({ transaction: 'each' })).map(
      (migration) => migration.name,
    );
  }
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await ensureExtensions(lockRunner);
    return (await dataSource.runMigrations({ transaction: 'each' })).map(
      (migration) => migration.name,
    );
  } finally {
    await lockRunner
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
      .catch(() => undefined);
    await lockRunner.release();
  }
}
