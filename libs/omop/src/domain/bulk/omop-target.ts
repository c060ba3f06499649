import { isPlainIdentifier } from './sql-script.js';

/** Where a bulk load writes: a PostgreSQL database and a schema in it. */
export interface OmopTarget {
  /** Connection string without the `schema` parameter. */
  url: string;
  schema: string;
}

export const DEFAULT_CDM_SCHEMA = 'cdm';

export class InvalidTargetError extends Error {}

/**
 * `postgres://…[?schema=NAME]` plus an optional `--schema`: the schema may be named in
 * either place (not differently in both); it defaults to `cdm`.
 */
export function parseOmopTarget(raw: string, schemaOption?: string): OmopTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidTargetError(`--target must be a postgres:// URL, got "${raw}"`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new InvalidTargetError(`--target must be a postgres:// URL, got "${url.protocol}//…"`);
  const fromUrl = url.searchParams.get('schema') ?? undefined;
  url.searchParams.delete('schema');
  if (fromUrl !== undefined && schemaOption !== undefined && fromUrl !== schemaOption)
    throw new InvalidTargetError(
      `--schema ${schemaOption} and ?schema=${fromUrl} in --target name different schemas`,
    );
  const schema = schemaOption ?? fromUrl ?? DEFAULT_CDM_SCHEMA;
  if (!isPlainIdentifier(schema))
    throw new InvalidTargetError(
      `The schema name "${schema}" must be a lower-case SQL identifier (letters, digits, _)`,
    );
  return { url: url.toString(), schema };
}

/** The URL with any password hidden, for messages. */
export function describeTarget(target: OmopTarget): string {
  const url = new URL(target.url);
  if (url.password) url.password = '***';
  return `${url.toString()} (schema ${target.schema})`;
}
