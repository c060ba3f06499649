/**
 * An offline, deterministic text embedding: words, word pairs and character trigrams
 * are hashed (FNV-1a) into a fixed number of signed buckets, then L2-normalised.
 * Texts that share words and word pieces end up close, which also tolerates typos.
 */
export const EMBEDDING_DIMENSIONS = 256;

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'in',
  'on',
  'with',
  'without',
  'to',
  'for',
  'or',
  'by',
  'at',
  'as',
  'is',
]);

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .match(/[a-z0-9]+/g) ?? []
  ).filter((word) => !STOP_WORDS.has(word));
}

function addFeature(vector: Float64Array, feature: string, weight: number): void {
  const hash = fnv1a(feature);
  const sign = hash & 1 ? 1 : -1;
  vector[(hash >>> 1) % vector.length] += sign * weight;
}

export function embedText(text: string, dimensions = EMBEDDING_DIMENSIONS): number[] {
  const vector = new Float64Array(dimensions);
  const words = tokenize(text);
  words.forEach((word, index) => {
    addFeature(vector, `w:${word}`, 1);
    if (index > 0) addFeature(vector, `b:${words[index - 1]} ${word}`, 0.5);
    const padded = `<${word}>`;
    for (let start = 0; start + 3 <= padded.length; start++)
      addFeature(vector, `c:${padded.slice(start, start + 3)}`, 0.3);
  });
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return Array.from(vector, (value) => (norm === 0 ? 0 : value / norm));
}
