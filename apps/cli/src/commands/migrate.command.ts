import type { INestApplicationContext } from '@nestjs/common';
import { runMigrations } from '@app/platform';
import type { AppConfig } from '@app/shared';
import { DataSource } from 'typeorm';
import type { CliCommand } from './cli-command.js';

export async function migrate(app: INestApplicationContext, config: AppConfig): Promise<string[]> {
  return runMigrations(app.get(DataSource), config.profile === 'server');
}

/** `migrate`: the database and its migrations, nothing else. */
export const migrateCommand: CliCommand<object> = {
  imports: () => [],
  async run(app, config) {
    const applied = await migrate(app, config);
    process.stdout.write(
      applied.length > 0
        ? `Applied migrations:\n${applied.map((name) => `  ${name}`).join('\n')}\n`
        : 'Database is up to date.\n',
    );
  },
};
