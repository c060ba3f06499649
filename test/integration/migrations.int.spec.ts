import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MIGRATIONS } from '@app/migrations';
import {
  dataSourceOptions,
  EnableExtensions1732262300000,
  MissingExtensionError,
  runMigrations,
} from '@app/platform';
import { loadConfig } from '@app/shared';
import { DataSource } from 'typeorm';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';

describe('migrations on a real PostgreSQL', () => {
  let database: TestDatabase;
  const sources: DataSource[] = [];

  async function open(): Promise<DataSource> {
    const source = await new DataSource(
      dataSourceOptions(loadConfig(serverEnv(database.url)), ALL_MIGRATIONS),
    ).initialize();
    sources.push(source);
    return source;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(sources.map((source) => source.destroy()));
    await database.drop();
  });

  it('applies every migration once even when two replicas start together', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    const [appliedByFirst, appliedBySecond] = await Promise.all([
      runMigrations(first, true),
      runMigrations(second, true),
    ]);
    const applied = [...appliedByFirst, ...appliedBySecond].sort();
    expect(applied).toEqual(ALL_MIGRATIONS.map((migration) => migration.name).sort());

    const rows = await first.query<
      {
        name: string;
      }[]
    >('SELECT name FROM schema_migrations ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(
      ALL_MIGRATIONS.map((migration) => new migration().name),
    );
  });

  it('is a no-op the second time', async () => {
    const [source] = sources;
    expect(await runMigrations(source, true)).toEqual([]);
  });

  it('creates the auth tables, pg_trgm and uuid-ossp, and vector when the server has it', async () => {
    const [source] = sources;
    const tables = await source.query<{ table_name: string }[]>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(['account', 'api_client', 'schema_migrations']),
    );
    const extensions = (
      await source.query<{ extname: string }[]>('SELECT extname FROM pg_extension')
    ).map((row) => row.extname);
    expect(extensions).toEqual(expect.arrayContaining(['pg_trgm', 'uuid-ossp']));
    const vectorAvailable =
      (await source.query<unknown[]>("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"))
        .length > 0;
    expect(extensions.includes('vector')).toBe(vectorAvailable);
  });

  it('enforces the plan values in the database itself', async () => {
    const [source] = sources;
    await expect(
      source.query("INSERT INTO account (id, name, plan) VALUES (uuid_generate_v4(), 'x', 'gold')"),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('migrations after pgvector is installed late (issue #13)', () => {
  let database: TestDatabase;
  const sources: DataSource[] = [];

  async function open(migrations: typeof ALL_MIGRATIONS): Promise<DataSource> {
    const source = await new DataSource(
      dataSourceOptions(loadConfig(serverEnv(database.url)), migrations),
    ).initialize();
    sources.push(source);
    return source;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(sources.map((source) => source.destroy()));
    await database.drop();
  });

  it('creates vector on the next run when the extension step was recorded without it', async () => {
    // The state `migrate` left on a server without pgvector: the extension step done, no vector.
    const early = await open([EnableExtensions1732262300000]);
    await runMigrations(early, true);
    await early.query('DROP EXTENSION vector');

    const later = await open(ALL_MIGRATIONS);
    const applied = await runMigrations(later, true);
    expect(applied).toContain('CreateCodeSystems1732262550000');
    const vector = await later.query<unknown[]>(
      "SELECT 1 FROM pg_extension WHERE extname = 'vector'",
    );
    expect(vector).toHaveLength(1);
  });

  it('names the missing extension and the command that fixes it', () => {
    const error = new MissingExtensionError('vector', 'pgvector', 'not available');
    expect(error.message).toContain('"vector"');
    expect(error.message).toContain('CREATE EXTENSION IF NOT EXISTS "vector"');
  });
});
