import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** One TypeScript source file, its path relative to the tree's root with `/` separators. */
export interface SourceFile {
  path: string;
  text: string;
}

const SKIPPED = new Set(['node_modules', 'dist', '.git']);

/** Every `.ts` file under `folders` of `root` (tests included; rules decide what they look at). */
export function readSourceTree(root: string, folders: readonly string[]): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (SKIPPED.has(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts'))
        files.push({
          path: relative(root, full).split(sep).join('/'),
          text: readFileSync(full, 'utf8'),
        });
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

export const isSpec = (path: string): boolean => /\.(spec|test)\.ts$/.test(path);

/** `libs/<lib>/src/...` → `<lib>`; undefined outside a library. */
export function libraryOf(path: string): string | undefined {
  return /^libs\/([^/]+)\/src\//.exec(path)?.[1];
}
