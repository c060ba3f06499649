// `npm test`: every check the project has, in order, then one line `N passed, N failed`.
// Static checks count as one test each; vitest's tests count one by one (unit, integration, e2e).
// Integration and e2e tests need PostgreSQL and Redis (see README; .ci/services.sh starts them).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const RESULTS = '.test-results';
const checks = [
  ['lint', 'eslint', ['.']],
  ['type check', 'tsc', ['-p', 'tsconfig.json', '--noEmit']],
  [
    'module boundaries',
    'depcruise',
    ['apps', 'libs', 'test', '--config', '.dependency-cruiser.cjs'],
  ],
  ['format', 'prettier', ['--check', '.', '--log-level', 'warn']],
];

let passed = 0;
let failed = 0;
const failures = [];

function step(name, command, args) {
  process.stdout.write(`\n▶ ${name}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status === 0) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
  return result.status === 0;
}

rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

for (const [name, binary, args] of checks) step(name, `node_modules/.bin/${binary}`, args);
step('build', process.execPath, ['scripts/build.mjs']);

const report = `${RESULTS}/vitest.json`;
process.stdout.write('\n▶ tests (unit, integration, e2e)\n');
const vitest = spawnSync(
  'node_modules/.bin/vitest',
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    stdio: 'inherit',
  },
);
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  const failedBefore = failed;
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  for (const file of results.testResults) {
    // A file that failed to load, or failed in a hook while its tests passed, still counts.
    const testFailed = file.assertionResults.some((test) => test.status === 'failed');
    if (file.status === 'failed' && !testFailed) {
      failed += 1;
      failures.push(file.name);
    }
    for (const test of file.assertionResults)
      if (test.status === 'failed') failures.push(test.fullName);
  }
  // A configuration or unhandled error can end a run with no failed test, or with none at all.
  if (results.numTotalTests === 0) {
    failed += 1;
    failures.push('vitest ran no test');
  } else if (vitest.status !== 0 && failed === failedBefore) {
    failed += 1;
    failures.push(`vitest exited with status ${vitest.status} (an error outside the tests)`);
  }
} else {
  failed += 1;
  failures.push('vitest produced no report');
}

const summary = `${passed} passed, ${failed} failed`;
writeFileSync(`${RESULTS}/summary.txt`, `${summary}\n`);
if (failures.length > 0)
  process.stdout.write(`\nFailed:\n${failures.map((name) => `  - ${name}`).join('\n')}\n`);
process.stdout.write(`\n${summary}\n`);
process.exitCode = failed > 0 ? 1 : 0;
