interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** The PostgreSQL extensions the migrations use, and where each comes from. */
const REQUIRED_EXTENSIONS = [
  { name: 'uuid-ossp', source: "PostgreSQL's contrib package (postgresql-contrib)" },
  { name: 'pg_trgm', source: "PostgreSQL's contrib package (postgresql-contrib)" },
  { name: 'vector', source: 'pgvector (e.g. apt install postgresql-15-pgvector)' },
] as const;

export class MissingExtensionError extends Error {
  constructor(
    readonly extension: string,
    source: string,
    cause?: string,
  ) {
    super(
      `The PostgreSQL extension "${extension}" is missing${cause ? ` (${cause})` : ''}. ` +
        `Install ${source} on the database server, then run as a superuser in this database: ` +
        `CREATE EXTENSION IF NOT EXISTS "${extension}"; and start again.`,
    );
    this.name = 'MissingExtensionError';
  }
}

async function rows(runner: Queryable, sql: string, parameters: unknown[]): Promise<unknown[]> {
  return (await runner.query(sql, parameters)) as unknown[];
}

/**
 * Checks the extensions on every migration run, not once: a database migrated before
 * pgvector was installed gets `vector` as soon as it has become available. Returns the
 * extensions it created; throws a MissingExtensionError naming the fix otherwise.
 */
export async function ensureExtensions(runner: Queryable): Promise<string[]> {
  const created: string[] = [];
  for (const { name, source } of REQUIRED_EXTENSIONS) {
    if ((await rows(runner, 'SELECT 1 FROM pg_extension WHERE extname = $1', [name])).length > 0)
      continue;
    const available = await rows(runner, 'SELECT 1 FROM pg_available_extensions WHERE name = $1', [
      name,
    ]);
    if (available.length === 0) throw new MissingExtensionError(name, source, 'not available');
    try {
      await runner.query(`CREATE EXTENSION IF NOT EXISTS "${name}"`);
    } catch (error) {
      throw new MissingExtensionError(
        name,
        source,
        `CREATE EXTENSION failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    created.push(name);
  }
  return created;
}
