/**
 * Whether a workflow calling `calls` would close a loop through the workflows it can
 * reach: the loop as a list of ids (`[A, B, A]`), or null. `edges` holds what each stored
 * workflow calls; the workflow's own stored edges are replaced by `calls`.
 */
export function findCallCycle(
  workflowId: string,
  calls: readonly string[],
  edges: ReadonlyMap<string, readonly string[]>,
): string[] | null {
  const callsOf = (id: string): readonly string[] =>
    id === workflowId ? calls : (edges.get(id) ?? []);
  const visited = new Set<string>();
  const walk = (id: string, path: string[]): string[] | null => {
    for (const next of callsOf(id)) {
      if (next === workflowId) return [...path, next];
      if (visited.has(next)) continue;
      visited.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(workflowId, [workflowId]);
}
