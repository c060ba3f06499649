import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';

/**
 * One connection pool per target database, shared by the coordinator and the batch jobs
 * of this process, closed when the application stops. Its commits do not wait for the
 * WAL flush (a batch commits its id allocations, shared rows and patients: waiting on
 * the disk each time was most of a batch's database time); the run's last commit does
 * (see PgLoadRunStore.finish), which makes everything committed before it durable.
 */
@Injectable()
export class TargetPools implements OnApplicationShutdown {
  private readonly logger = new Logger('OmopLoad');
  private readonly pools = new Map<string, pg.Pool>();

  pool(url: string): pg.Pool {
    let pool = this.pools.get(url);
    if (!pool) {
      pool = new pg.Pool({
        connectionString: url,
        max: 8,
        application_name: 'omop-load',
        options: '-c synchronous_commit=off',
      });
      // An idle client losing its connection must not crash the process.
      pool.on('error', (error) => this.logger.warn(`Target connection lost: ${error.message}`));
      this.pools.set(url, pool);
    }
    return pool;
  }

  async onApplicationShutdown(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.allSettled(pools.map((pool) => pool.end()));
  }
}

/** Runs `work` in a transaction on one client of the pool. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
