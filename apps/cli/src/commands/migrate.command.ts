import type { INestApplicationContext } from '@nestjs/common';
import { runMigrations } from '@app/platform';
import type { AppConfig } from '@app/shared';
import { DataSource } from 'typeorm';

export async function migrate(app: INestApplicationContext, config: AppConfig): Promise<string[]> {
  return runMigrations(app.get(DataSource), config.profile === 'server');
}

export async function migrateCommand(
  app: INestApplicationContext,
  config: AppConfig,
): Promise<void> {
  const applied = await migrate(app, config);
  process.stdout.write(
    applied.length > 0
      ? `Applied migrations:\n${applied.map((name) => `  ${name}`).join('\n')}\n`
      : 'Database is up to date.\n',
  );
}
