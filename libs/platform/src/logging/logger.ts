import { writeSync } from 'node:fs';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogFormat, LogLevel } from '@app/shared';
import { prettyLine } from './pretty-line.js';

/** Pretty in a terminal (or when asked), JSON otherwise: production log collectors read JSON. */
export function usePrettyLogs(format: LogFormat, fd: 1 | 2): boolean {
  if (format === 'json') return false;
  if (format === 'pretty') return true;
  return (fd === 1 ? process.stdout : process.stderr).isTTY === true;
}

function prettyDestination(fd: 1 | 2): DestinationStream {
  return { write: (line: string) => void writeSync(fd, prettyLine(line)) };
}

/** Structured JSON logs, one object per line (one readable line per event in a terminal).
  `destination` 2 (stderr) keeps stdout clean for commands whose output is parsed (the CLI). */
export function createLogger(
  level: LogLevel,
  name: string,
  destination: 1 | 2 = 1,
  format: LogFormat = 'auto',
): Logger {
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
    usePrettyLogs(format, destination)
      ? prettyDestination(destination)
      : pino.destination({ fd: destination, sync: destination === 2 }),
  );
}
