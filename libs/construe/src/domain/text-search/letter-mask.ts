/**
 * A cheap lower bound of the edit distance between two words, to skip most of a dictionary
 * before computing any distance: a character of one word that the other lacks must be
 * deleted or substituted (or, the other way round, inserted), and one edit removes or adds
 * at most one character, so two words differ by at least as many edits as one has distinct
 * characters the other lacks. Characters are folded onto 31 bits; two sharing a bit only
 * make the bound lower, never wrong.
 */
export function letterMask(word: string): number {
  let mask = 0;
  for (let index = 0; index < word.length; index++) mask |= 1 << (word.charCodeAt(index) % 31);
  return mask;
}

/** At most the edit distance (with transpositions) of the two words whose masks these are. */
export function editDistanceFloor(a: number, b: number): number {
  return Math.max(bitCount(a & ~b), bitCount(b & ~a));
}

function bitCount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
