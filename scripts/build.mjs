// Compiles apps/ and libs/ with tsc, then rewrites the @app/* aliases to relative ESM paths.
// The output folder is dist/ unless given: `node scripts/build.mjs dist-mine` builds a
// private copy (tests use it through TEST_DIST_DIR) without touching a dist/ in use.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const outDir = process.argv[2] ?? 'dist';

function run(binary, args) {
  const result = spawnSync(`node_modules/.bin/${binary}`, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

rmSync(outDir, { recursive: true, force: true });
run('tsc', ['-p', 'tsconfig.build.json', '--outDir', outDir]);
run('tsc-alias', ['-p', 'tsconfig.build.json', '--outDir', outDir]);
// Worker-thread entry points are plain JavaScript (they also run next to the TypeScript
// sources under the tests): copied beside the compiled files that start them.
for (const root of ['apps', 'libs']) {
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.worker.mjs')) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    cpSync(file, join(outDir, file));
  }
}
mkdirSync(outDir, { recursive: true });
writeFileSync(`${outDir}/.build-stamp`, new Date().toISOString());
