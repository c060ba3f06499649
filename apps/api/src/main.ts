import 'reflect-metadata';
import { ConfigError, loadConfig, type AppConfig } from '@app/shared';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
// Imported once the configuration is known good: a wrong setting is reported without
// loading every library first.
const [{ createLogger, exitOnSignals, MissingExtensionError }, { createApiApp }] =
  await Promise.all([import('@app/platform'), import('./create-api-app.js')]);
const app = await createApiApp(config).catch((error: unknown) => {
  // A start-up error a person must fix (a missing PostgreSQL extension): one readable line.
  if (error instanceof MissingExtensionError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
// The API's own jobs (embedded profile) get the same grace as a worker's, plus closing time.
exitOnSignals(
  app,
  createLogger(config.logLevel, 'api', 1, config.logFormat),
  config.workerShutdownGraceMs + 10_000,
);
await app.listen(config.port, config.host);
const address = app.getHttpServer().address();
const port = typeof address === 'object' && address ? address.port : config.port;
process.stdout.write(
  `API listening on http://localhost:${port} (profile: ${config.profile}; OpenAPI at /docs; token: POST /v2/auth/token)\n`,
);
