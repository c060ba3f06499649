import { NestFactory } from '@nestjs/core';
import { createLogger, PinoNestLogger } from '@app/platform';
import { loadConfig } from '@app/shared';
import { CliModule } from './cli.module.js';
import type { CliCommand } from './commands/cli-command.js';

/** Opens the configured database with the modules the command needs, runs it, closes. */
export async function runCommand<Options>(
  command: CliCommand<Options>,
  options: Options,
): Promise<void> {
  // The CLI logs warnings only, on stderr, so stdout carries just the command's output.
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env, CREATE_DEMO_CLIENT: 'false' });
  const logger = createLogger(config.logLevel, 'cli', 2, config.logFormat);
  const app = await NestFactory.createApplicationContext(
    CliModule.forRoot(config, { imports: command.imports(), runJobs: command.runJobs }),
    {
      logger: new PinoNestLogger(logger),
      // Start-up errors (a locked embedded database) reach main's catch and print one clear line.
      abortOnError: false,
    },
  );
  try {
    await command.run(app, config, options);
  } finally {
    await app.close();
  }
}
