import { fnv1a32 as keyHash } from '../ids/hashed-id-allocator.js';

// A pair is one 64-bit word, hash above number, so that sorting the words sorts by hash
// then number. Which 32-bit half holds the high word depends on the platform's byte order.
const LITTLE_ENDIAN = new Uint32Array(new BigUint64Array([1n]).buffer)[0] === 1;
const NUMBER_WORD = LITTLE_ENDIAN ? 0 : 1;
const HASH_WORD = 1 - NUMBER_WORD;
const MAX_NUMBER = 0xffff_ffff;

/**
 * Staging numbers filed under keys (references, aliases), keeping only a 32-bit hash of
 * each key: 8 bytes per (key, number) pair, sorted, where a `Map` of the keys' strings
 * cost about 150 bytes per key (45 MB for the 310,000 aliases of 62,000 shared
 * resources). A lookup returns candidates: every number filed under one of the keys, and
 * now and then (about once in 14,000 lookups among 310,000 keys) one filed under another
 * key with the same hash. The caller keeps only what it verifies against the resource itself.
 */
export class HashedKeyIndex {
  private constructor(
    /** The pairs, as 32-bit halves of the sorted 64-bit words. */
    private readonly words: Uint32Array,
  ) {}

  static builder(): HashedKeyIndexBuilder {
    return new HashedKeyIndexBuilder((words) => new HashedKeyIndex(words));
  }

  /** How many (key, number) pairs were filed. */
  get size(): number {
    return this.words.length / 2;
  }

  /** The numbers filed under any of these keys (and any sharing their hash), ascending, distinct. */
  candidates(keys: Iterable<string>): number[] {
    const found = new Set<number>();
    for (const key of keys) {
      const hash = keyHash(key);
      for (let pair = this.firstAtOrAbove(hash); pair < this.size; pair++) {
        if (this.hashAt(pair) !== hash) break;
        found.add(this.words[2 * pair + NUMBER_WORD]);
      }
    }
    return [...found].sort((a, b) => a - b);
  }

  private hashAt(pair: number): number {
    return this.words[2 * pair + HASH_WORD];
  }

  private firstAtOrAbove(hash: number): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.hashAt(middle) < hash) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Collects the pairs, then sorts them once into a HashedKeyIndex. */
export class HashedKeyIndexBuilder {
  private words = new Uint32Array(1024);
  private pairs = 0;

  constructor(private readonly seal: (words: Uint32Array) => HashedKeyIndex) {}

  /** Files `number` (an integer from 0 to 2^32 - 1) under `key`. */
  add(key: string, number: number): void {
    if (!Number.isInteger(number) || number < 0 || number > MAX_NUMBER)
      throw new RangeError(`not a 32-bit staging number: ${number}`);
    if (2 * this.pairs === this.words.length) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    this.words[2 * this.pairs + HASH_WORD] = keyHash(key);
    this.words[2 * this.pairs + NUMBER_WORD] = number;
    this.pairs += 1;
  }

  build(): HashedKeyIndex {
    // A copy of the filled part: the growth's slack is not kept.
    const words = this.words.slice(0, 2 * this.pairs);
    this.words = new Uint32Array(0);
    new BigUint64Array(words.buffer).sort();
    return this.seal(words);
  }
}
