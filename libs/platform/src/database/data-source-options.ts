import type { AppConfig } from '@app/shared';
import type { DataSourceOptions, MixedList } from 'typeorm';
import { createPgliteDriver } from './pglite-driver.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type MigrationList = MixedList<Function>;

/** Same dialect, same migrations for both profiles; only the connection differs. */
export function dataSourceOptions(config: AppConfig, migrations: MigrationList, entities: MixedList<Function> = []): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    migrations,
    entities,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: false,
  };
  if (config.profile === 'server') {
    return { ...common, url: config.databaseUrl, extra: { max: 20, connectionTimeoutMillis: 10_000 } };
  }
  return { ...common, driver: createPgliteDriver(config.dataDir) };
}
