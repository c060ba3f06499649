import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureHttpApp, createLogger, PinoNestLogger } from '@app/platform';
import type { AppConfig } from '@app/shared';
import { AppModule } from './app.module.js';

/** Builds the configured HTTP application (not yet listening): used by main and by the e2e tests. */
export async function createApiApp(config: AppConfig): Promise<NestExpressApplication> {
  const logger = createLogger(config.logLevel, 'api', 1, config.logFormat);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
    snapshot: config.devtools,
  });
  configureHttpApp(app, config, logger);
  return app;
}
