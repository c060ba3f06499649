/** What OpenAI-style function names and MCP tool names both accept. */
const MAX_LENGTH = 64;

/** Lower-case letters, digits and underscores only, without repeats or edges. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * A tool name made of a prefix and readable parts, cut to 64 characters, and made unique
 * among `taken` by a numeric suffix. The result is added to `taken`.
 */
export function uniqueToolName(parts: string[], taken: Set<string>): string {
  const base = parts.map(slug).filter(Boolean).join('_').slice(0, MAX_LENGTH) || 'tool';
  let name = base;
  for (let suffix = 2; taken.has(name); suffix++) {
    const tail = `_${suffix}`;
    name = `${base.slice(0, MAX_LENGTH - tail.length)}${tail}`;
  }
  taken.add(name);
  return name;
}
