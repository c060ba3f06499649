import 'reflect-metadata';
import { parseArgs } from 'node:util';
import type { CliCommand } from './commands/cli-command.js';
import { USAGE, UsageError } from './commands/usage-error.js';

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      account: { type: 'string' },
      plan: { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean', default: false },
      athena: { type: 'string' },
      icd10cm: { type: 'string' },
      loinc: { type: 'string' },
      hcpcs: { type: 'string' },
      release: { type: 'string' },
      ndjson: { type: 'string' },
      bundles: { type: 'string' },
      target: { type: 'string' },
      schema: { type: 'string' },
      ddl: { type: 'string' },
      jobs: { type: 'string' },
      full: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

type CliOptions = ReturnType<typeof parse>['values'];

interface CommandFiles {
  /** Checks the options before anything opens the database: a usage mistake needs none. */
  check(): Promise<(options: CliOptions) => unknown>;
  command(): Promise<CliCommand<CliOptions>>;
}

/**
 * Each command's files are imported when that command runs, so `help` loads no library, a
 * usage mistake only what its check needs, and a command only the libraries it uses.
 */
const COMMANDS: Record<string, CommandFiles> = {
  migrate: {
    check: () => Promise.resolve(() => undefined),
    command: async () => (await import('./commands/migrate.command.js')).migrateCommand,
  },
  'clients:create': {
    check: async () =>
      (await import('./commands/clients-create.options.js')).checkClientsCreateOptions,
    command: async () =>
      (await import('./commands/clients-create.command.js')).clientsCreateCommand,
  },
  'vocab:import': {
    check: async () => (await import('./commands/vocab-import.options.js')).checkVocabImportOptions,
    command: async () => (await import('./commands/vocab-import.command.js')).vocabImportCommand,
  },
  'omop:load': {
    check: async () => (await import('./commands/omop-load.options.js')).checkOmopLoadOptions,
    command: async () => (await import('./commands/omop-load.command.js')).omopLoadCommand,
  },
};

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv);
  const name = positionals[0] ?? 'help';
  if (name === 'help' || values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, name)) throw new UsageError(`Unknown command "${name}"`);
  const files = COMMANDS[name];
  (await files.check())(values);
  const command = await files.command();
  const { runCommand } = await import('./run-command.js');
  await runCommand(command, values);
  return 0;
}

/** The exit code for an error, after printing it: 2 for a usage mistake, else 1. */
function report(error: unknown): number {
  if (
    error instanceof UsageError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  // A configuration error (ConfigError) or a failed command: its message, one line.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  process.exitCode = report(error);
}
