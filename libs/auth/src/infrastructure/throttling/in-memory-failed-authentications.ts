import { FailedAuthentications } from '../../application/ports/failed-authentications.js';

interface Window {
  failures: number;
  endsAt: number;
}

/** One process's count (embedded profile): a fixed window per client id. */
export class InMemoryFailedAuthentications extends FailedAuthentications {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  retryAfterSeconds(clientId: string): Promise<number> {
    const window = this.current(clientId);
    if (!window || window.failures < this.maxFailures) return Promise.resolve(0);
    return Promise.resolve(Math.max(1, Math.ceil((window.endsAt - this.now()) / 1000)));
  }

  record(clientId: string): Promise<void> {
    const window = this.current(clientId);
    if (window) window.failures += 1;
    else {
      this.forgetExpired();
      this.windows.set(clientId, { failures: 1, endsAt: this.now() + this.windowSeconds * 1000 });
    }
    return Promise.resolve();
  }

  private current(clientId: string): Window | undefined {
    const window = this.windows.get(clientId);
    return window && window.endsAt > this.now() ? window : undefined;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [clientId, window] of this.windows)
      if (window.endsAt <= now) this.windows.delete(clientId);
  }
}
