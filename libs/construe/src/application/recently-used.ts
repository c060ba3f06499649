/**
 * Values built on first use and kept for the `capacity` most recently used keys (the least
 * recently used goes first). A build that fails is not kept: the next use builds again.
 */
export class RecentlyUsed<V> {
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly capacity: number) {}

  get(key: string, build: () => Promise<V>): Promise<V> {
    let entry = this.entries.get(key);
    if (entry) {
      // Re-inserted below, so the Map's insertion order is the order of use.
      this.entries.delete(key);
    } else {
      entry = build();
      entry.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    }
    this.entries.set(key, entry);
    while (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    return entry;
  }
}
