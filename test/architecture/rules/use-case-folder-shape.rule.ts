import { isSpec, type SourceFile } from '../source-tree.js';
import type { ArchitectureRule, Violation } from './rule.js';

const USE_CASE_FILE = /^libs\/[^/]+\/src\/application\/(commands|queries)\/(.+)$/;
const MESSAGE_SUFFIX = { commands: 'command', queries: 'query' } as const;

export const useCaseFolderShape: ArchitectureRule = {
  id: 'use-case-folder-shape',
  description:
    'application/commands/<name>/ holds <name>.command.ts and <name>.handler.ts (queries: <name>.query.ts), plus their specs; nothing else (helpers go to domain/ or application/services/).',
  check(files: readonly SourceFile[]): Violation[] {
    const violations: Violation[] = [];
    const folders = new Map<
      string,
      { kind: 'commands' | 'queries'; name: string; files: string[] }
    >();
    for (const file of files) {
      const match = USE_CASE_FILE.exec(file.path);
      if (!match) continue;
      const kind = match[1] as 'commands' | 'queries';
      const parts = match[2].split('/');
      if (parts.length !== 2) {
        violations.push({
          rule: this.id,
          path: file.path,
          detail: parts.length === 1 ? 'outside-a-use-case-folder' : 'nested-folder',
        });
        continue;
      }
      const folder = file.path.slice(0, file.path.lastIndexOf('/'));
      const entry = folders.get(folder) ?? { kind, name: parts[0], files: [] };
      entry.files.push(parts[1]);
      folders.set(folder, entry);
    }
    for (const [folder, { kind, name, files: names }] of folders) {
      const expected = [`${name}.${MESSAGE_SUFFIX[kind]}.ts`, `${name}.handler.ts`];
      for (const missing of expected.filter((file) => !names.includes(file)))
        violations.push({ rule: this.id, path: folder, detail: `missing:${missing}` });
      for (const extra of names.filter((file) => !expected.includes(file) && !isSpec(file)))
        violations.push({ rule: this.id, path: folder, detail: `unexpected:${extra}` });
    }
    return violations;
  },
};
