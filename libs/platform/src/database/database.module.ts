import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@app/shared';
import { DataSource } from 'typeorm';
import { dataSourceOptions, type MigrationList } from './data-source-options.js';
import { MissingExtensionError } from './required-extensions.js';
import { runMigrations } from './run-migrations.js';

export interface DatabaseModuleOptions {
  migrations: MigrationList;
  /** Run pending migrations when the data source opens (API start); the CLI migrates explicitly. */
  migrateOnStart: boolean;
}

@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            ...dataSourceOptions(config, options.migrations),
            autoLoadEntities: true,
            // A missing extension does not fix itself: fail at once with the fix in the message.
            toRetry: (error: unknown) => !(error instanceof MissingExtensionError),
          }),
          dataSourceFactory: async (dataSourceConfig) => {
            const dataSource = await new DataSource(dataSourceConfig!).initialize();
            if (options.migrateOnStart) {
              const serverProfile = !(dataSourceConfig as { driver?: unknown }).driver;
              const applied = await runMigrations(dataSource, serverProfile);
              if (applied.length > 0)
                new Logger('Database').log(`Applied migrations: ${applied.join(', ')}`);
            }
            return dataSource;
          },
        }),
      ],
    };
  }
}
