import { isSpec, type SourceFile } from '../source-tree.js';
import type { ArchitectureRule, Violation } from './rule.js';

const AMBIENT_READ = /RequestContext\s*\.\s*(requireTenant|tenant|setTenant)\s*\(/g;

/** Where the context itself is defined. */
const CONTEXT_HOME = /^libs\/shared\/src\/context\//;

/** The edge: a guard or a parameter decorator in a library's interface/ folder. */
function isEdge(file: SourceFile): boolean {
  if (CONTEXT_HOME.test(file.path)) return true;
  if (!/^libs\/[^/]+\/src\/interface\//.test(file.path)) return false;
  return (
    /\b(implements\s+CanActivate|extends\s+AuthGuard)\b/.test(file.text) ||
    /\bcreateParamDecorator\s*\(/.test(file.text)
  );
}

export const noAmbientTenant: ArchitectureRule = {
  id: 'no-ambient-tenant',
  description:
    'The caller is read from the request context only at the edge (guards and parameter decorators in interface/); controllers, handlers, services and repositories receive it as a value.',
  check(files: readonly SourceFile[]): Violation[] {
    const violations: Violation[] = [];
    for (const file of files) {
      if (!/^(libs|apps)\//.test(file.path) || isSpec(file.path) || isEdge(file)) continue;
      const calls = new Set([...file.text.matchAll(AMBIENT_READ)].map((match) => match[1]));
      for (const call of calls)
        violations.push({ rule: this.id, path: file.path, detail: `RequestContext.${call}` });
    }
    return violations;
  },
};
