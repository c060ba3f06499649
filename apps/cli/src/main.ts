import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { createLogger, PinoNestLogger } from '@app/platform';
import { ConfigError, loadConfig } from '@app/shared';
import { CliModule } from './cli.module.js';
import {
  checkClientsCreateOptions,
  clientsCreateCommand,
} from './commands/clients-create.command.js';
import { migrateCommand } from './commands/migrate.command.js';
import { checkOmopLoadOptions, omopLoadCommand } from './commands/omop-load.command.js';
import { checkVocabImportOptions, vocabImportCommand } from './commands/vocab-import.command.js';
import { USAGE, UsageError } from './commands/usage-error.js';

const COMMANDS = ['migrate', 'clients:create', 'vocab:import', 'omop:load'];

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
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
  const command = positionals[0] ?? 'help';
  if (command === 'help' || values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command "${command}"`);

  if (command === 'clients:create') checkClientsCreateOptions(values);
  if (command === 'vocab:import') checkVocabImportOptions(values);
  if (command === 'omop:load') checkOmopLoadOptions(values);

  // The CLI logs warnings only, on stderr, so stdout carries just the command's output.
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env, CREATE_DEMO_CLIENT: 'false' });
  const logger = createLogger(config.logLevel, 'cli', 2, config.logFormat);
  const app = await NestFactory.createApplicationContext(
    CliModule.forRoot(config, { runJobs: command === 'omop:load' }),
    {
      logger: new PinoNestLogger(logger),
      // Start-up errors (a locked embedded database) reach the catch below and print one clear line.
      abortOnError: false,
    },
  );
  try {
    if (command === 'migrate') await migrateCommand(app, config);
    else if (command === 'vocab:import') await vocabImportCommand(app, config, values);
    else if (command === 'omop:load') await omopLoadCommand(app, config, values);
    else await clientsCreateCommand(app, config, values);
  } finally {
    await app.close();
  }
  return 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (
    error instanceof UsageError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
