// Reads the Athena download files (tab-delimited, header row) the benches score against.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function athenaRows(dir, file) {
  const [header, ...lines] = readFileSync(join(dir, file), 'utf8').trimEnd().split('\n');
  const names = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
  });
}

/** Concepts by id, from CONCEPT.csv. */
export function athenaConcepts(dir) {
  return new Map(athenaRows(dir, 'CONCEPT.csv').map((row) => [row.concept_id, row]));
}

/**
 * Descendant concept ids of each ancestor id (itself excluded): CONCEPT_ANCESTOR rows and the
 * valid `Subsumes` rows of CONCEPT_RELATIONSHIP followed down (a subset may hold one without
 * the other).
 */
export function athenaDescendants(dir) {
  const below = new Map();
  const add = (ancestor, descendant) => {
    if (ancestor === descendant) return;
    if (!below.has(ancestor)) below.set(ancestor, new Set());
    below.get(ancestor).add(descendant);
  };
  for (const row of athenaRows(dir, 'CONCEPT_ANCESTOR.csv'))
    add(row.ancestor_concept_id, row.descendant_concept_id);
  const children = new Map();
  for (const row of athenaRows(dir, 'CONCEPT_RELATIONSHIP.csv')) {
    if (row.relationship_id !== 'Subsumes' || row.invalid_reason) continue;
    if (!children.has(row.concept_id_1)) children.set(row.concept_id_1, []);
    children.get(row.concept_id_1).push(row.concept_id_2);
  }
  for (const top of children.keys()) {
    const stack = [...children.get(top)];
    const seen = new Set();
    while (stack.length > 0) {
      const id = stack.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      add(top, id);
      for (const next of children.get(id) ?? []) stack.push(next);
    }
  }
  return below;
}
