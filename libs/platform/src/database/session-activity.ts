/**
 * When the embedded profile's one database session last finished a statement. A health
 * check that finds the session leased to a long transaction can tell a database that is
 * working through it (statements keep finishing) from one that is stuck.
 */
export class SessionActivity {
  private lastFinishedAt = Number.NEGATIVE_INFINITY;

  statementFinished(now: number = Date.now()): void {
    this.lastFinishedAt = now;
  }

  finishedWithin(milliseconds: number, now: number = Date.now()): boolean {
    return now - this.lastFinishedAt <= milliseconds;
  }
}

/** The process's embedded session (PGlite is one session per process); never touched in the server profile. */
export const embeddedSessionActivity = new SessionActivity();
