type TypedArray = Uint32Array | Float64Array;

/**
 * An append-only column of numbers in a typed array that doubles when full: 4 or 8 bytes
 * per number, outside the JS heap, where a JS array of numbers took 8 to 16 (a million
 * staged resources' positions were about 50 MB of large objects in the collector's heap).
 */
export class NumberColumn<T extends TypedArray> {
  private values: T;
  private count = 0;

  constructor(private readonly make: (length: number) => T) {
    this.values = make(1024);
  }

  static uint32(): NumberColumn<Uint32Array> {
    return new NumberColumn((length) => new Uint32Array(length));
  }

  static float64(): NumberColumn<Float64Array> {
    return new NumberColumn((length) => new Float64Array(length));
  }

  get length(): number {
    return this.count;
  }

  push(value: number): void {
    if (this.count === this.values.length) {
      const grown = this.make(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count] = value;
    // A typed array stores what it can (a Uint32Array wraps -1 to 2^32 - 1): refuse instead.
    if (this.values[this.count] !== value) throw new RangeError(`${value} does not fit the column`);
    this.count += 1;
  }

  /** The value at `index`, from 0 to length - 1. */
  get(index: number): number {
    if (!(index >= 0 && index < this.count)) throw new RangeError(`no value at ${index}`);
    return this.values[index];
  }
}
