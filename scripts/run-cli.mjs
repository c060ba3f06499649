// `npm run cli -- <command>`: builds when sources changed, then runs the CLI with the given arguments.
import { spawnSync } from 'node:child_process';
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
const result = spawnSync(
  process.execPath,
  ['dist/apps/cli/src/main.js', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
