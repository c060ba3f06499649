/**
 * The words a concept name or a query is indexed and compared by: lower case, punctuation to
 * spaces (decimal points kept: "0.09"), plurals folded, the roman numerals of types and
 * stages written as digits ("Bipolar II" = "bipolar 2"), joining words dropped.
 */
const JOINING_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'in',
  'on',
  'with',
  'to',
  'for',
  'by',
  'at',
]);
const ROMAN: Readonly<Record<string, string>> = { ii: '2', iii: '3' };

export function indexWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text
    .toLowerCase()
    .replace(/['’]s\b/g, 's')
    .split(/[^a-z0-9.]+/)) {
    const word = raw.replace(/^\.+|\.+$/g, '');
    if (word === '' || JOINING_WORDS.has(word)) continue;
    words.push(ROMAN[word] ?? singular(word));
  }
  return words;
}

function singular(word: string): string {
  if (word.length <= 4 || /(?:ss|is|us|ys|as)$/.test(word) || /\d/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Edit distance with adjacent transpositions, giving up (returning max + 1) past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2] + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length];
}
