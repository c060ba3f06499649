import { children, text, texts } from './json.js';

/** A display name from HumanName: the official one first, its text, else prefix given family. */
export function displayName(value: unknown): string | undefined {
  const names = children(value);
  const name = names.find((candidate) => candidate.use === 'official') ?? names[0];
  if (!name) return undefined;
  const written = text(name.text);
  if (written) return written;
  const parts = [...texts(name.prefix), ...texts(name.given), text(name.family)].filter(
    (part): part is string => part !== undefined,
  );
  return parts.length > 0 ? parts.join(' ') : undefined;
}
