import { pino, type Logger } from 'pino';
import type { LogLevel } from '@app/shared';

/** Structured JSON logs, one object per line.
  `destination` 2 (stderr) keeps stdout clean for commands whose output is parsed (the CLI). */
export function createLogger(level: LogLevel, name: string, destination: 1 | 2 = 1): Logger {
  return pino(
    {
      name,
      level,
      base: { service: 'clinical-interop', component: name },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-service-fhir-provider"]',
        ],
        remove: true,
      },
    },
    pino.destination({ fd: destination, sync: destination === 2 }),
  );
}
