import fs from 'node:fs';

type WriteArguments = [fd: number, data: unknown, ...rest: unknown[]];

/**
 * Records everything the process writes to stdout through `fs` (how pino's destination
 * writes the JSON logs), while still writing it. `restore()` puts `fs` back.
 */
export function captureStdoutLogs(): { text(): string; restore(): void } {
  const write = fs.write;
  const writeSync = fs.writeSync;
  let captured = '';
  const record = (fd: number, data: unknown) => {
    if (fd !== 1) return;
    if (typeof data === 'string') captured += data;
    else if (data instanceof Uint8Array) captured += Buffer.from(data).toString('utf8');
  };
  fs.write = ((...args: WriteArguments) => {
    record(args[0], args[1]);
    return (write as (...a: WriteArguments) => void)(...args);
  }) as typeof fs.write;
  fs.writeSync = (...args: WriteArguments) => {
    record(args[0], args[1]);
    return (writeSync as (...a: WriteArguments) => number)(...args);
  };
  return {
    text: () => captured,
    restore() {
      fs.write = write;
      fs.writeSync = writeSync;
    },
  };
}
