import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { mapHttpError } from './http-error.mapper.js';
import { OutageLog } from './outage-log.js';

/** The single exception filter of the HTTP API. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  private readonly databaseOutage = new OutageLog();

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const mapped = mapHttpError(exception);
    if (mapped.unexpected) {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (mapped.databaseUnavailable && this.databaseOutage.failure()) {
      this.logger.error(
        `Database unavailable, answering 503 until it is back: ${exception instanceof Error ? exception.message : String(exception)}`,
      );
    }
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(mapped.headers)) response.setHeader(name, value);
    response.status(mapped.status).json(mapped.body);
  }
}
