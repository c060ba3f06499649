// Compiles apps/ and libs/ to dist/ with tsc, then rewrites the @app/* aliases to relative ESM paths.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

function run(binary, args) {
  const result = spawnSync(`node_modules/.bin/${binary}`, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

rmSync('dist', { recursive: true, force: true });
run('tsc', ['-p', 'tsconfig.build.json']);
run('tsc-alias', ['-p', 'tsconfig.build.json']);
mkdirSync('dist', { recursive: true });
writeFileSync('dist/.build-stamp', new Date().toISOString());
