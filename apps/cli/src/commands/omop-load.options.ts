import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidTargetError, parseOmopTarget, type OmopTarget } from '@app/omop';
import { UsageError } from './usage-error.js';

export const DEFAULT_DDL_DIRECTORY = '../shared/reference/omop/cdm-v5.4/postgresql_ddl';
const DEFAULT_JOBS = 2;
const MAX_JOBS = 64;

export interface OmopLoadOptions {
  ndjson?: string;
  bundles?: string;
  target?: string;
  schema?: string;
  ddl?: string;
  jobs?: string;
  full?: boolean;
}

export interface CheckedOmopLoadOptions {
  source: { kind: 'ndjson' | 'bundles'; directory: string };
  target: OmopTarget;
  ddlDirectory: string;
  jobs: number;
  full: boolean;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Checked before anything opens a database: a usage mistake needs no database. */
export function checkOmopLoadOptions(options: OmopLoadOptions): CheckedOmopLoadOptions {
  const sources = (['ndjson', 'bundles'] as const).filter(
    (option) => options[option] !== undefined,
  );
  if (sources.length !== 1)
    throw new UsageError('omop:load needs exactly one of --ndjson DIR or --bundles DIR');
  const kind = sources[0];
  const directory = resolve(options[kind]!);
  if (!isDirectory(directory)) throw new UsageError(`--${kind} ${options[kind]}: no such folder`);
  if (!options.target) throw new UsageError('omop:load needs --target postgres://…[?schema=NAME]');
  let target: OmopTarget;
  try {
    target = parseOmopTarget(options.target, options.schema);
  } catch (error) {
    if (error instanceof InvalidTargetError) throw new UsageError(error.message);
    throw error;
  }
  // The default folder is only needed when the schema does not exist yet; a folder
  // named explicitly must exist.
  if (options.ddl !== undefined && !isDirectory(options.ddl))
    throw new UsageError(`--ddl ${options.ddl}: no such folder`);
  const jobs = options.jobs === undefined ? DEFAULT_JOBS : Number(options.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > MAX_JOBS)
    throw new UsageError(`--jobs must be an integer from 1 to ${MAX_JOBS}`);
  return {
    source: { kind, directory },
    target,
    ddlDirectory: resolve(options.ddl ?? DEFAULT_DDL_DIRECTORY),
    jobs,
    full: options.full === true,
  };
}
