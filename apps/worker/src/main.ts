import 'reflect-metadata';
import { ConfigError, loadConfig } from '@app/shared';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
  process.exit(1);
}
if (config.profile !== 'server') {
  process.stderr.write(
    'The worker runs in the server profile only (set DATABASE_URL and REDIS_URL). In the embedded profile the API runs jobs itself.\n',
  );
  process.exit(1);
}
// Imported once the configuration is known good (as in the API's main).
const [{ NestFactory }, { createLogger, exitOnSignals, PinoNestLogger }, { WorkerModule }] =
  await Promise.all([
    import('@nestjs/core'),
    import('@app/platform'),
    import('./worker.module.js'),
  ]);
const logger = createLogger(config.logLevel, 'worker', 1, config.logFormat);
const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
  logger: new PinoNestLogger(logger),
});
// Running jobs get WORKER_SHUTDOWN_GRACE_MS, then are handed back; closing takes a few seconds more.
exitOnSignals(app, logger, config.workerShutdownGraceMs + 10_000);
await app.init();
logger.info({ concurrency: config.workerConcurrency }, 'Worker consuming jobs');
