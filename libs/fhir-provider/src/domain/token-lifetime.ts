/**
 * When a cached access token stops being used: shortly before it expires, so that no
 * request leaves with a token that dies on the way (10 % of its life, 10 s to 60 s).
 */
export function refreshAt(issuedAt: number, expiresInSeconds: number): number {
  const lifetimeMs = Math.max(expiresInSeconds, 0) * 1000;
  const margin = Math.min(Math.max(lifetimeMs * 0.1, 10_000), 60_000);
  return issuedAt + Math.max(lifetimeMs - margin, 0);
}
