/** Counts by reason; reasons are sentences a person reads in the load summary. */
export type Tally = Record<string, number>;

export function bump(tally: Tally, reason: string, by = 1): void {
  tally[reason] = (tally[reason] ?? 0) + by;
}

export function mergeTally(into: Tally, from: Readonly<Tally>): Tally {
  for (const [reason, count] of Object.entries(from)) bump(into, reason, count);
  return into;
}

/** The largest counts first, at most `limit` of them. */
export function topReasons(tally: Readonly<Tally>, limit: number): [string, number][] {
  return Object.entries(tally)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit);
}
