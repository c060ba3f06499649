/**
 * Expands the compact trigger notation used by the lexicon: `{a|b|}` is an alternation (an
 * empty branch makes it optional). "rule {him|her|} out" gives "rule him out", "rule her
 * out" and "rule out".
 */
export function expandPattern(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern.replace(/\s+/g, ' ').trim()];
  const close = pattern.indexOf('}', open);
  if (close < 0) throw new Error(`Unclosed alternation in trigger pattern "${pattern}"`);
  const head = pattern.slice(0, open);
  const tail = pattern.slice(close + 1);
  const options = pattern.slice(open + 1, close).split('|');
  return options.flatMap((option) => expandPattern(`${head}${option}${tail}`));
}
