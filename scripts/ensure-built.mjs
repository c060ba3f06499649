// Builds dist/ when any source file is newer than the last build (or there is none).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const stamp = 'dist/.build-stamp';
const sources = ['apps', 'libs', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];

function newestMtime(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    info.mtimeMs,
  );
}

export function ensureBuilt() {
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changedAt = Math.max(...sources.filter(existsSync).map(newestMtime));
  if (changedAt <= builtAt) return;
  process.stderr.write('Building…\n');
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: ['ignore', 2, 2] });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuilt();
