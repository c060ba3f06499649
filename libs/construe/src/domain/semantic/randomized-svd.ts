/**
 * The leading left singular vectors of a sparse matrix by randomized range finding with
 * power iterations (Halko, Martinsson & Tropp 2011), in plain TypeScript: a vocabulary's
 * word-by-code matrix has tens of thousands of rows and a few million non-zero cells, so
 * a dense decomposition is out of reach and an approximate one of rank ~100 is enough.
 */

/** A sparse matrix, row by row (compressed sparse rows). */
export interface SparseRows {
  rows: number;
  columns: number;
  /** Row r's cells are at offsets[r] .. offsets[r + 1] - 1 of `columnOf` and `value`. */
  offsets: Int32Array;
  columnOf: Int32Array;
  value: Float64Array;
}

export interface SvdOptions {
  rank: number;
  oversampling: number;
  powerIterations: number;
  seed: number;
  /**
   * Called often (between rows and columns); it may wait a turn of the event loop when the
   * caller's time slice is spent (`workPacer` of @app/shared). Without it the work runs in one piece.
   */
  pace?: Pace;
}

export interface LeftSingular {
  /** rows × rank, row-major. */
  vectors: Float64Array;
  /** Descending. */
  values: Float64Array;
}

export type Pace = () => Promise<void> | undefined;

const runInOnePiece: Pace = () => undefined;

/** Mulberry32: a small, fast, seedable generator, so that a learned model is reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A · X, with X dense (columns × width, row-major): rows × width. */
async function multiply(
  matrix: SparseRows,
  x: Float64Array,
  width: number,
  slice: Pace,
): Promise<Float64Array> {
  const out = new Float64Array(matrix.rows * width);
  for (let row = 0; row < matrix.rows; row++) {
    await slice();
    const base = row * width;
    for (let cell = matrix.offsets[row]; cell < matrix.offsets[row + 1]; cell++) {
      const value = matrix.value[cell];
      const from = matrix.columnOf[cell] * width;
      for (let j = 0; j < width; j++) out[base + j] += value * x[from + j];
    }
  }
  return out;
}

/** Aᵀ · Y, with Y dense (rows × width, row-major): columns × width. */
async function multiplyTransposed(
  matrix: SparseRows,
  y: Float64Array,
  width: number,
  slice: Pace,
): Promise<Float64Array> {
  const out = new Float64Array(matrix.columns * width);
  for (let row = 0; row < matrix.rows; row++) {
    await slice();
    const from = row * width;
    for (let cell = matrix.offsets[row]; cell < matrix.offsets[row + 1]; cell++) {
      const value = matrix.value[cell];
      const to = matrix.columnOf[cell] * width;
      for (let j = 0; j < width; j++) out[to + j] += value * y[from + j];
    }
  }
  return out;
}

/**
 * Orthonormalises the columns of a dense (height × width, row-major) matrix in place: classical
 * Gram–Schmidt applied twice ("twice is enough"), each pass reading the matrix row by row.
 */
async function orthonormalize(
  m: Float64Array,
  height: number,
  width: number,
  slice: Pace,
): Promise<void> {
  const dots = new Float64Array(width);
  for (let j = 0; j < width; j++) {
    await slice();
    for (let pass = 0; pass < 2; pass++) {
      dots.fill(0);
      for (let r = 0, base = 0; r < height; r++, base += width) {
        const value = m[base + j];
        for (let i = 0; i < j; i++) dots[i] += m[base + i] * value;
      }
      for (let r = 0, base = 0; r < height; r++, base += width) {
        let value = m[base + j];
        for (let i = 0; i < j; i++) value -= dots[i] * m[base + i];
        m[base + j] = value;
      }
    }
    let norm = 0;
    for (let r = 0; r < height; r++) norm += m[r * width + j] ** 2;
    norm = Math.sqrt(norm);
    for (let r = 0; r < height; r++) m[r * width + j] = norm > 1e-12 ? m[r * width + j] / norm : 0;
  }
}

/** Eigenvalues and eigenvectors (columns) of a small symmetric matrix, by cyclic Jacobi rotations. */
export function symmetricEigen(
  matrix: Float64Array,
  size: number,
): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(size * size);
  for (let i = 0; i < size; i++) v[i * size + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < size; p++) for (let q = p + 1; q < size; q++) off += a[p * size + q] ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < size; p++) {
      for (let q = p + 1; q < size; q++) {
        const apq = a[p * size + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * size + q] - a[p * size + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < size; k++) {
          const akp = a[k * size + p];
          const akq = a[k * size + q];
          a[k * size + p] = c * akp - s * akq;
          a[k * size + q] = s * akp + c * akq;
        }
        for (let k = 0; k < size; k++) {
          const apk = a[p * size + k];
          const aqk = a[q * size + k];
          a[p * size + k] = c * apk - s * aqk;
          a[q * size + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < size; k++) {
          const vkp = v[k * size + p];
          const vkq = v[k * size + q];
          v[k * size + p] = c * vkp - s * vkq;
          v[k * size + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: size }, (_, i) => i).sort(
    (x, y) => a[y * size + y] - a[x * size + x],
  );
  const values = Float64Array.from(order, (i) => a[i * size + i]);
  const vectors = new Float64Array(size * size);
  order.forEach((from, to) => {
    for (let k = 0; k < size; k++) vectors[k * size + to] = v[k * size + from];
  });
  return { values, vectors };
}

export async function leftSingularVectors(
  matrix: SparseRows,
  options: SvdOptions,
): Promise<LeftSingular> {
  const slice = options.pace ?? runInOnePiece;
  const rank = Math.min(options.rank, matrix.rows, matrix.columns);
  const width = Math.min(rank + options.oversampling, matrix.rows, matrix.columns);
  const random = seededRandom(options.seed);
  const omega = new Float64Array(matrix.columns * width);
  for (let i = 0; i < omega.length; i++) omega[i] = random() * 2 - 1;
  let q = await multiply(matrix, omega, width, slice);
  await orthonormalize(q, matrix.rows, width, slice);
  for (let iteration = 0; iteration < options.powerIterations; iteration++) {
    // Only the short side is orthonormalised: the columns of Aᵀ Q are orthogonal up to
    // rounding already, and the long side (one row per code) is the costly one.
    q = await multiply(matrix, await multiplyTransposed(matrix, q, width, slice), width, slice);
    await orthonormalize(q, matrix.rows, width, slice);
  }
  // With Z = Aᵀ Q, Q Qᵀ A Aᵀ Q Qᵀ = Q (Zᵀ Z) Qᵀ: the eigenvectors of the small Zᵀ Z, mapped
  // back through Q, are A's left singular vectors, its eigenvalues their squared values.
  const z = await multiplyTransposed(matrix, q, width, slice);
  const gram = new Float64Array(width * width);
  for (let row = 0; row < matrix.columns; row++) {
    await slice();
    const base = row * width;
    for (let i = 0; i < width; i++) {
      const zi = z[base + i];
      if (zi === 0) continue;
      for (let j = i; j < width; j++) gram[i * width + j] += zi * z[base + j];
    }
  }
  for (let i = 0; i < width; i++)
    for (let j = 0; j < i; j++) gram[i * width + j] = gram[j * width + i];
  const eigen = symmetricEigen(gram, width);
  const vectors = new Float64Array(matrix.rows * rank);
  for (let row = 0; row < matrix.rows; row++) {
    await slice();
    for (let j = 0; j < rank; j++) {
      let sum = 0;
      for (let i = 0; i < width; i++) sum += q[row * width + i] * eigen.vectors[i * width + j];
      vectors[row * rank + j] = sum;
    }
  }
  const values = Float64Array.from(eigen.values.slice(0, rank), (value) =>
    Math.sqrt(Math.max(value, 0)),
  );
  return { vectors, values };
}
