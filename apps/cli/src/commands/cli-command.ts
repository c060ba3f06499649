import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import type { AppConfig } from '@app/shared';

/**
 * One CLI command, in `<name>.command.ts`; its options are checked by `<name>.options.ts`.
 * main.ts imports the check, then the command, only when that command runs, and the command
 * names the Nest modules it needs: `help` loads no library, a usage mistake only what the
 * check needs, and each command only what it uses (see the README, "CLI start-up").
 */
export interface CliCommand<Options> {
  /** The modules the command needs besides the configuration, database and job queue. */
  imports(): (Type | DynamicModule)[];
  /** Whether the command runs jobs itself (see CliModuleOptions.runJobs). */
  runJobs?: boolean;
  run(app: INestApplicationContext, config: AppConfig, options: Options): Promise<void>;
}
