/**
 * One run of a read per key at a time: who asks while a read of the same key is running gets
 * that read's promise; once it settles (resolved or failed) nothing is kept, and the next
 * ask reads again. For a large value that every user keeps its own digest of.
 */
export class InFlight<V> {
  private readonly running = new Map<string, Promise<V>>();

  get(key: string, read: () => Promise<V>): Promise<V> {
    const running = this.running.get(key);
    if (running) return running;
    const started = read();
    this.running.set(key, started);
    const forget = () => {
      if (this.running.get(key) === started) this.running.delete(key);
    };
    started.then(forget, forget);
    return started;
  }
}
