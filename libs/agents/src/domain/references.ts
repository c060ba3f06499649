/** The requested ids that were not found, in the order they were asked for, without repeats. */
export function missingIds(requested: readonly string[], found: Iterable<string>): string[] {
  const known = new Set([...found].map((id) => id.toLowerCase()));
  return [...new Set(requested)].filter((id) => !known.has(id.toLowerCase()));
}

/** `Name (id), Other (id)`: how error messages name the things that are in the way. */
export function describeRefs(refs: readonly { id: string; name: string }[]): string {
  return refs.map((ref) => `${ref.name} (${ref.id})`).join(', ');
}

export type ReferenceKind = 'prompts' | 'tools' | 'workflows' | 'provider';

/**
 * The message of a 400 for ids an agent names that the account does not have, or null
 * when every id was found. Kinds with nothing missing are left out.
 */
export function missingReferencesMessage(
  missing: Partial<Record<ReferenceKind, string[]>>,
): string | null {
  const parts = Object.entries(missing)
    .filter(([, ids]) => ids.length > 0)
    .map(([kind, ids]) => `${kind}: ${ids.join(', ')}`);
  return parts.length === 0 ? null : `These ids do not exist in this account: ${parts.join('; ')}`;
}
