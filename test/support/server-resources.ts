import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The real services the server profile needs. CI starts them (.ci/services.sh); locally
 * they are expected on the standard ports, or at TEST_DATABASE_URL / TEST_REDIS_URL.
 */
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_JWT_SECRET = 'test-signing-secret-that-is-long-enough-0123456789';
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database, so suites never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = uniqueName('ci');
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Environment for the server profile against a given database, with its own Redis key prefix. */
export function serverEnv(
  databaseUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: uniqueName('ci'),
    JWT_SECRET: TEST_JWT_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    LOG_LEVEL: 'silent',
    ...extra,
  };
}
