import type { ImportProgress } from '../commands/import-athena/import-athena.command.js';

const REPORT_EVERY_MS = 1_000;

/** Counts a file's rows and reports rows/s and an ETA (from bytes read) about once a second. */
export class ProgressMeter {
  rows = 0;
  private bytes = 0;
  private readonly started = performance.now();
  private reportedAt = this.started;

  constructor(
    private readonly table: string,
    private readonly totalBytes: number | null,
    private readonly sink: { onProgress: (progress: ImportProgress) => void },
  ) {}

  chunk(rows: number, bytes: number): void {
    this.rows += rows;
    this.bytes += bytes;
    const now = performance.now();
    if (now - this.reportedAt < REPORT_EVERY_MS) return;
    this.reportedAt = now;
    this.report(false);
  }

  finish(): void {
    this.report(true);
  }

  private report(done: boolean): void {
    const seconds = Math.max((performance.now() - this.started) / 1000, 1e-3);
    const bytesPerSecond = this.bytes / seconds;
    const etaSeconds =
      done || this.totalBytes === null || bytesPerSecond === 0
        ? done
          ? 0
          : null
        : Math.max(this.totalBytes - this.bytes, 0) / bytesPerSecond;
    this.sink.onProgress({
      table: this.table,
      rows: this.rows,
      done,
      rowsPerSecond: Math.round(this.rows / seconds),
      etaSeconds,
    });
  }
}
