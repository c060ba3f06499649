import { isSpec, libraryOf, type SourceFile } from '../source-tree.js';
import type { ArchitectureRule, Violation } from './rule.js';

const LIBRARY_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@app\/([^']+)'/g;
const DISPATCH = /\.execute\(\s*new\s+([A-Za-z_$][\w$]*)/g;

/** Libraries every other may use freely: the kernel and the plumbing hold no use cases. */
const INFRASTRUCTURE_LIBRARIES = new Set(['shared', 'platform']);

/** Local name → library, for everything a file imports from another library. */
function foreignImports(text: string, own: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, list, library] of text.matchAll(LIBRARY_IMPORT)) {
    if (library === own || INFRASTRUCTURE_LIBRARIES.has(library)) continue;
    for (const item of list.split(',')) {
      const local = item
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (local) names.set(local, library);
    }
  }
  return names;
}

export const noForeignBusDispatch: ArchitectureRule = {
  id: 'no-foreign-bus-dispatch',
  description:
    "A library never executes another library's command or query on the bus; it uses a port the other library exports (or an event it publishes).",
  check(files: readonly SourceFile[]): Violation[] {
    const violations: Violation[] = [];
    for (const file of files) {
      const own = libraryOf(file.path);
      if (!own || isSpec(file.path)) continue;
      const foreign = foreignImports(file.text, own);
      if (foreign.size === 0) continue;
      const dispatched = new Set(
        [...file.text.matchAll(DISPATCH)]
          .map((match) => match[1])
          .filter((name) => foreign.has(name)),
      );
      for (const name of dispatched)
        violations.push({
          rule: this.id,
          path: file.path,
          detail: `${name}@${foreign.get(name)}`,
        });
    }
    return violations;
  },
};
