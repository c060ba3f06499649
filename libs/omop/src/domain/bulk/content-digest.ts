const MOD = 1n << 128n;

/**
 * An order-free digest of a patient's resources: the sum (mod 2^128) of one 128-bit hash
 * per resource, with the count. Bulk exports scatter a patient's resources over files in
 * any order, so the digest must not depend on the order they are met in.
 */
export class ContentDigest {
  private sum = 0n;
  private count = 0;

  add(resourceHash: bigint): void {
    this.sum = (this.sum + resourceHash) % MOD;
    this.count += 1;
  }

  merge(other: ContentDigest): void {
    this.sum = (this.sum + other.sum) % MOD;
    this.count += other.count;
  }

  toString(): string {
    return `${this.count}:${this.sum.toString(16).padStart(32, '0')}`;
  }
}
