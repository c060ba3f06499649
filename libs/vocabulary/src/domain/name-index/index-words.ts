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
