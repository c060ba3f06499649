import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import type { AppConfig } from '@app/shared';

/**
 * One CLI command. main.ts imports a command's file only when that command runs, and the
 * command names the Nest modules it needs: `help`, a usage mistake and each command load
 * only what they use (see the README, "CLI start-up").
 */
export interface CliCommand<Options> {
  /** Checked before anything opens the database: a usage mistake needs no database. */
  check(options: Options): void;
  /** The modules the command needs besides the configuration, database and job queue. */
  imports(): (Type | DynamicModule)[];
  /** Whether the command runs jobs itself (see CliModuleOptions.runJobs). */
  runJobs?: boolean;
  run(app: INestApplicationContext, config: AppConfig, options: Options): Promise<void>;
}
