/**
 * A mutex with two lanes: `acquire()` resolves with a release function once the lease is
 * free; waiters of the foreground lane go before those of the background lane, each lane
 * in arrival order.
 */
export class Mutex {
  private held = false;
  private readonly foreground: (() => void)[] = [];
  private readonly background: (() => void)[] = [];

  acquire(background = false): Promise<() => void> {
    return new Promise((resolve) => {
      (background ? this.background : this.foreground).push(() => {
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.held = false;
          this.grant();
        });
      });
      this.grant();
    });
  }

  private grant(): void {
    if (this.held) return;
    const next = this.foreground.shift() ?? this.background.shift();
    if (next === undefined) return;
    this.held = true;
    next();
  }
}
