// `npm run cli -- <command>`: builds when sources changed, then runs the CLI with the given arguments,
// with two glibc malloc arenas unless MALLOC_ARENA_MAX is set (see README, omop:load: glibc
// reads it when a process starts, and this launcher is the CLI's start).
import { spawnSync } from 'node:child_process';
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
const result = spawnSync(
  process.execPath,
  ['dist/apps/cli/src/main.js', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
  },
);
process.exit(result.status ?? 1);
