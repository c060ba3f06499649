import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';
import { RequestContext } from '@app/shared';

const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Routes Nest's own logging (and `new Logger(ctx)` calls) to pino, with the request id. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pinoLogger: Logger) {}

  log(message: unknown, context?: string): void {
    // Nest's start-up chatter (a line per module and per route) is debug, not info.
    this.write(STARTUP_CONTEXTS.has(context ?? '') ? 'debug' : 'info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    context?: string,
    trace?: string,
  ): void {
    const fields: Record<string, unknown> = { context, requestId: RequestContext.requestId() };
    if (trace) fields.trace = trace;
    if (typeof message === 'string') this.pinoLogger[level](fields, message);
    // An Error serialises to {} as JSON: log its message (and stack) instead.
    else if (message instanceof Error)
      this.pinoLogger[level](
        { ...fields, err: { name: message.name, message: message.message, stack: message.stack } },
        message.message,
      );
    else this.pinoLogger[level]({ ...fields, data: message });
  }
}
