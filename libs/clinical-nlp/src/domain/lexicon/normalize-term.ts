/**
 * The form terms are compared in: lower case, punctuation to spaces, plurals folded
 * ("kidney stones" = "kidney stone", "migraines" = "migraine").
 */
export function normalizeTerm(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, 's')
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim()
    .split(' ')
    .map(singular)
    .join(' ');
}

function singular(word: string): string {
  if (word.length <= 4 || /(?:ss|is|us|ys|as)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}
