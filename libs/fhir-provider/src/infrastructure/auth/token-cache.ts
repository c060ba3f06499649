import { refreshAt } from '../../domain/token-lifetime.js';

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
}

const MAX_ENTRIES = 10_000;

/**
 * Access tokens of outbound requests, per auth configuration and scope, in this process
 * only (a replica without the entry simply fetches its own token). Concurrent requests
 * for the same missing token share one token request.
 */
export class TokenCache {
  private readonly entries = new Map<string, { token: string; refreshAt: number }>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string, fetch: () => Promise<IssuedToken>): Promise<string> {
    const cached = this.entries.get(key);
    if (cached && this.now() < cached.refreshAt) return cached.token;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const request = this.fetchAndStore(key, fetch).finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  invalidate(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every token of these auth configurations (keys start with `<config id>|`). */
  forget(authConfigIds: readonly string[]): void {
    for (const key of [...this.entries.keys()]) {
      if (authConfigIds.some((id) => key.startsWith(`${id}|`))) this.entries.delete(key);
    }
  }

  private async fetchAndStore(key: string, fetch: () => Promise<IssuedToken>): Promise<string> {
    const issuedAt = this.now();
    const { accessToken, expiresIn } = await fetch();
    if (this.entries.size >= MAX_ENTRIES) this.prune();
    this.entries.set(key, { token: accessToken, refreshAt: refreshAt(issuedAt, expiresIn) });
    return accessToken;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.refreshAt <= now) this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}
