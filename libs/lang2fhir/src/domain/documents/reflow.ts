/**
 * Undoes the soft line wraps of a printed page: a line that does not end a sentence or a
 * clause, followed by one that starts in lower case, a digit or a bracket, is one line that
 * the page was too narrow for. Headings, list items and sentences keep their line breaks,
 * so the text engine sees the phrases the author wrote, not halves of them.
 */
export function reflow(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.length > 0 ? out[out.length - 1] : undefined;
    if (previous !== undefined && isWrapped(previous, line))
      out[out.length - 1] = `${previous.trimEnd()} ${line.trimStart()}`;
    else out.push(line);
  }
  return out.join('\n');
}

function isWrapped(previous: string, next: string): boolean {
  if (previous.trim() === '' || next.trim() === '') return false;
  if (/[.:;!?]\s*$/.test(previous)) return false;
  return /^\s*[a-z0-9(]/.test(next);
}
