/**
 * A regex for a list of terms. Terms of three letters or fewer ("BUN", "Na", "CAD") match only
 * as written in capitals (or capitalised), because in lower case they are ordinary words.
 */
export function termPattern(names: readonly string[]): RegExp[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  const sorted = [...new Set(names)].sort((a, b) => b.length - a.length);
  const long = sorted.filter((name) => name.replace(/[^a-z0-9]/gi, '').length > 3);
  const short = sorted.filter((name) => name.replace(/[^a-z0-9]/gi, '').length <= 3);
  const around = (body: string) => `(?<![A-Za-z0-9])(?:${body})(?![A-Za-z0-9])`;
  const patterns: RegExp[] = [];
  if (long.length > 0) patterns.push(new RegExp(around(long.map(escape).join('|')), 'gi'));
  if (short.length > 0) {
    const forms = short.flatMap((name) => [
      name.toUpperCase(),
      name.charAt(0).toUpperCase() + name.slice(1),
    ]);
    patterns.push(new RegExp(around([...new Set(forms)].map(escape).join('|')), 'g'));
  }
  return patterns;
}

export function* matchAll(
  patterns: RegExp[],
  text: string,
): Generator<{ index: number; text: string }> {
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) yield { index: match.index, text: match[0] };
  }
}
