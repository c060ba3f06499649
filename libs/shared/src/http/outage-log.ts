/**
 * Decides when a dependency outage is worth a log line: at its first failure, and again
 * only after a quiet period without failures (a new outage). Thousands of requests failing
 * during one outage make one line, not thousands.
 */
export class OutageLog {
  private lastFailureAt: number | undefined;

  constructor(
    private readonly quietMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a failure; true when it starts a new outage. */
  failure(): boolean {
    const now = this.now();
    const isNew = this.lastFailureAt === undefined || now - this.lastFailureAt > this.quietMs;
    this.lastFailureAt = now;
    return isNew;
  }
}
