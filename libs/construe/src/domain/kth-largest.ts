type Numbers = Float32Array | Float64Array;

/**
 * The k-th largest (1-based, k clamped to [1, length]) of `work[0, length)`, by quickselect:
 * linear on average, where sorting to read one value is n log n. Reorders that part of `work`.
 */
export function selectKthLargest(work: Numbers, length: number, k: number): number {
  let [low, high] = [0, length - 1];
  const target = Math.min(Math.max(k, 1), length) - 1;
  while (low < high) {
    const pivot = work[(low + high) >>> 1];
    let [i, j] = [low, high];
    while (i <= j) {
      while (work[i] > pivot) i++;
      while (work[j] < pivot) j--;
      if (i <= j) {
        [work[i], work[j]] = [work[j], work[i]];
        i++;
        j--;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return work[target];
}

/** The k-th largest value (1-based, clamped), selected on a copy. */
export function kthLargest(values: Numbers | readonly number[], k: number): number {
  const work = Float64Array.from(values);
  return selectKthLargest(work, work.length, k);
}

/** Every how many values one is sampled to find a bound below the k-th largest. */
const SAMPLE_STRIDE = 16;

/**
 * The same value as `kthLargest`, without selecting among all values when k is small next to
 * them: every 16th value is sampled, the sample's (2k/16)-th largest is a bound that about 2k
 * of the values reach, and the k-th largest is selected among those. When fewer than k reach
 * it (an unlucky sample) every value is used. `work` holds at least `values.length` numbers of
 * the same precision and is overwritten: a caller that searches often allocates it once.
 */
export function kthLargestSampled<T extends Numbers>(values: T, k: number, work: T): number {
  const n = values.length;
  const rank = Math.min(Math.max(k, 1), n);
  const sampleRank = Math.ceil((2 * rank) / SAMPLE_STRIDE);
  let count = 0;
  if (sampleRank * SAMPLE_STRIDE * 4 <= n) {
    for (let index = 0; index < n; index += SAMPLE_STRIDE) work[count++] = values[index];
    const bound = selectKthLargest(work, count, sampleRank);
    count = 0;
    for (let index = 0; index < n; index++)
      if (values[index] >= bound) work[count++] = values[index];
  }
  if (count < rank) {
    work.set(values);
    count = n;
  }
  return selectKthLargest(work, count, rank);
}
