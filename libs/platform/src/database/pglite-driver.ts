import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { PGlite } from '@electric-sql/pglite';
import { getPGliteInstance, PGliteDriver } from 'typeorm-pglite';
import { isBackgroundWork } from '@app/shared';
import { lockDataDir } from './data-dir-lock.js';
import { Mutex } from './mutex.js';
import { embeddedSessionActivity } from './session-activity.js';

/**
 * PGlite's default (128 MB) is touched at start-up and its WASM heap never shrinks: 96 MB
 * more resident memory for every embedded process. Its tables are files the OS caches anyway.
 */
const SHARED_BUFFERS = '32MB';

/**
 * Minimal WAL: a table emptied or created in a transaction (the Athena import's COPY into
 * its truncated tables, the builtin code systems' bulk rebuild) is written without logging
 * every row and index page. PGlite has no replica nor archive to feed.
 */
const WAL_SETTINGS = ['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'];

type ConnectCallback = (error: unknown, client: unknown, release: () => void) => void;
interface PoolClass {
  new (): {
    connect(callback: ConnectCallback): Promise<void> | void;
    query(...args: unknown[]): Promise<unknown>;
  };
}

/**
 * PGlite is one database session shared by the whole process. TypeORM treats each
 * `connect()` as its own connection, so without care two requests' transactions would
 * interleave on that session. This pool leases the session to one query runner at a
 * time: the semantics of a connection pool of size one.
 */
export function createPgliteDriver(dataDir: string): unknown {
  const directory = resolve(dataDir, 'pglite');
  mkdirSync(directory, { recursive: true });
  lockDataDir(directory);
  const driver = new PGliteDriver({
    dataDir: directory,
    extensions: { vector, pg_trgm, uuid_ossp },
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${SHARED_BUFFERS}`,
      ...WAL_SETTINGS,
    ],
  }).driver as unknown as {
    Pool: PoolClass;
  };
  const session = new Mutex();
  // New WAL segments are not zero-filled: writing 16 MB of zeros inside the statement that
  // crosses a segment held the event loop for 100-200 ms during bulk inserts. (fsync is off
  // in PGlite anyway; PostgreSQL documents the setting as safe.)
  let tuned: Promise<unknown> | undefined;

  class SerializedPool extends driver.Pool {
    override async connect(callback: ConnectCallback): Promise<void> {
      // PGlite executes on the main thread and resolves through microtasks only; without this
      // turn of the event loop a busy job would keep HTTP I/O waiting until it finished.
      await new Promise((resolve) => setImmediate(resolve));
      tuned ??= getPGliteInstance().then((db) => db.exec('SET wal_init_zero = off'));
      try {
        await tuned;
      } catch (error) {
        tuned = undefined;
        callback(error, undefined, () => undefined);
        return;
      }
      // Bulk work (inBackground) waits until no other statement is queued.
      const release = await session.acquire(isBackgroundWork());
      await super.connect((error, client) => {
        if (error) release();
        callback(error, client, release);
      });
    }

    // The pool is its own client: every statement of every query runner passes here.
    override query(...args: unknown[]): Promise<unknown> {
      return super.query(...args).finally(() => embeddedSessionActivity.statementFinished());
    }
  }

  return { Pool: SerializedPool };
}
