import type { AppConfig } from '@app/shared';
import type { DataSourceOptions } from 'typeorm';
import { createPgliteDriver } from './pglite-driver.js';

export type MigrationList = NonNullable<DataSourceOptions['migrations']>;
type EntityList = NonNullable<DataSourceOptions['entities']>;

/** Same dialect, same migrations for both profiles; only the connection differs. */
export function dataSourceOptions(
  config: AppConfig,
  migrations: MigrationList,
  entities: EntityList = [],
): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    migrations,
    entities,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: false,
  };
  if (config.profile === 'server') {
    return {
      ...common,
      url: config.databaseUrl,
      extra: { max: 20, connectionTimeoutMillis: 10_000 },
    };
  }
  return { ...common, driver: createPgliteDriver(config.dataDir) };
}
