import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AllExceptionsFilter, type AppConfig, createValidationPipe } from '@app/shared';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { redactFields, redactUrl } from '../logging/credential-redaction.js';
import { bodyParsers } from './body-parsers.js';
import { mediaTypeGuard, parsedInputGuard } from './input-policy.js';
import { requestDeadline } from './request-deadline.middleware.js';
import { requestIdMiddleware } from './request-id.middleware.js';
import { securityHeaders } from './security-headers.js';

const DOCS_PATH = '/docs';

/** The logged request without the values of credential-shaped query parameters. */
function redactRequest(request: { url?: string; query?: unknown }) {
  return {
    ...request,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    query: redactFields(request.query),
  };
}

/** Everything HTTP that is not a route: middleware order matters and is set here once. */
export function configureHttpApp(app: INestApplication, config: AppConfig, logger: Logger): void {
  const express = app as NestExpressApplication;
  express.set('trust proxy', config.trustProxy);
  express.disable('x-powered-by');
  app.use(requestIdMiddleware);
  app.use(requestDeadline(config.requestDeadlineMs));
  app.use(
    pinoHttp({
      logger,
      genReqId: (request) => (request as unknown as { id: string }).id,
      serializers: { req: redactRequest },
      autoLogging: { ignore: (request) => request.url === '/health' },
      customLogLevel: (_request, response, error) =>
        // 503 is a dependency outage, logged once per outage where it is detected.
        response.statusCode === 503
          ? 'warn'
          : error || response.statusCode >= 500
            ? 'error'
            : response.statusCode >= 400
              ? 'warn'
              : 'info',
    }),
  );
  app.use(securityHeaders(DOCS_PATH));
  app.use(mediaTypeGuard());
  for (const parser of bodyParsers(config.bodyLimitBytes, config.maxJsonDepth)) app.use(parser);
  app.use(parsedInputGuard(config.maxJsonDepth));
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Clinical data interoperability service')
      .setDescription('FHIR R4, OMOP CDM v5.4, code systems, summaries and clinical text to FHIR.')
      .setVersion('0.1.0')
      .addBasicAuth(
        {
          type: 'http',
          scheme: 'basic',
          description: 'client id and client secret, for POST /v2/auth/token',
        },
        'basic',
      )
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
      .addSecurityRequirements('bearer')
      .build(),
  );
  SwaggerModule.setup(DOCS_PATH.slice(1), app, document, { jsonDocumentUrl: 'docs-json' });
}
