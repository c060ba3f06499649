import type { Logger } from 'pino';

interface Closable {
  close(): Promise<void>;
}

/**
 * SIGTERM and SIGINT close the application (Nest's shutdown hooks run: the worker hands its
 * jobs back, connections close) and then exit 0, so that 'exit' handlers run (the embedded
 * profile's data-directory lock is released). Nest's own enableShutdownHooks re-raises the
 * signal instead, which exits 143 and skips them. A close that hangs past `hardLimitMs`
 * exits 1.
 */
export function exitOnSignals(app: Closable, logger: Logger, hardLimitMs: number): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'Shutting down');
    setTimeout(() => {
      logger.error(`Shutdown did not finish in ${hardLimitMs} ms; exiting`);
      process.exit(1);
    }, hardLimitMs).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
