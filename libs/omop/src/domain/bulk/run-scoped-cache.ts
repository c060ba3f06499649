interface Entry<V> {
  runId: string;
  value: V;
  usedAt: number;
}

/**
 * What a worker keeps about a load while it runs (the shared resources of the run), per
 * target schema. One load per schema runs at a time (the coordinator holds a lock), so a
 * run's value replaces the previous run's of the same schema at once, instead of both
 * staying in memory; a value nobody used for `idleMs` is dropped, so an idle worker keeps
 * nothing. Dropping is only ever a cost: a later batch builds the value again.
 */
export class RunScopedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly maxTargets: number,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The run's value for this target, created when the target has none or another run's. */
  get(target: string, runId: string, create: () => V): V {
    this.sweep();
    const entry = this.entries.get(target);
    this.entries.delete(target);
    if (entry?.runId === runId) {
      entry.usedAt = this.now();
      // Re-inserted: the map's order is the order of last use.
      this.entries.set(target, entry);
      return entry.value;
    }
    while (this.entries.size >= this.maxTargets)
      this.entries.delete(this.entries.keys().next().value!);
    const value = create();
    this.entries.set(target, { runId, value, usedAt: this.now() });
    return value;
  }

  /** Drops the run's value if it is still the one kept (a failed build). */
  forget(target: string, runId: string): void {
    if (this.entries.get(target)?.runId === runId) this.entries.delete(target);
  }

  /** Drops the values unused for `idleMs`. */
  sweep(): void {
    const cutoff = this.now() - this.idleMs;
    for (const [target, entry] of this.entries)
      if (entry.usedAt <= cutoff) this.entries.delete(target);
  }
}
