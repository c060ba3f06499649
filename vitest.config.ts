import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const libs = [
  'shared',
  'platform',
  'auth',
  'migrations',
  'vocabulary',
  'construe',
  'fhir',
  'fhir-provider',
  'summary',
  'omop',
  'clinical-nlp',
  'lang2fhir',
  'workflows',
  'agents',
];
// A library's public entries: `@app/<lib>` (index.ts) and, for its schema only,
// `@app/<lib>/migrations` (migrations.ts). The longer name comes first: aliases match by prefix.
const alias = Object.fromEntries(
  ['migrations', 'index'].flatMap((entry) =>
    libs.map((lib): [string, string] => [
      entry === 'index' ? `@app/${lib}` : `@app/${lib}/${entry}`,
      fileURLToPath(new URL(`./libs/${lib}/src/${entry}.ts`, import.meta.url)),
    ]),
  ),
);

// Test files run two at a time even on two cores (vitest's default there is one): an
// integration or e2e file spends most of its time waiting for the processes it spawns,
// PostgreSQL and Redis, and each file has its own database, Redis prefix, data directory and
// port 0, so no two files share anything.
const FILES_AT_ONCE = Math.max(2, availableParallelism() - 1);

// Outage and crash tests measure how fast jobs move between workers (within a lock period);
// next to another file on two cores a handed-back job waited past it once, so they run
// alone, last.
const E2E_ALONE = [
  'test/e2e/fault-tolerance.e2e.spec.ts',
  'test/e2e/construe-worker-crash.e2e.spec.ts',
];

// SWC compiles the TypeScript so that decorator metadata (Nest DI, class-validator) is emitted.
const swcPlugin = swc.vite({
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
});

/** Files that start processes and wait for PostgreSQL and Redis get longer time limits. */
const SERVICES = { testTimeout: 60_000, hookTimeout: 120_000 };

/**
 * A project of the run. Projects that run files with different worker counts need their own
 * `sequence.groupOrder` (groups run one after another).
 */
function project(
  files: { name: string; include: string[]; exclude?: string[] },
  limits: Partial<typeof SERVICES> = {},
  { workers = FILES_AT_ONCE, group = 0 } = {},
) {
  return {
    plugins: [swcPlugin],
    resolve: { alias },
    test: {
      ...files,
      environment: 'node' as const,
      maxWorkers: workers,
      sequence: { groupOrder: group },
      ...limits,
    },
  };
}

export default defineConfig({
  plugins: [swcPlugin],
  resolve: { alias },
  test: {
    pool: 'forks',
    reporters: ['default'],
    projects: [
      project({
        name: 'unit',
        include: ['apps/**/*.spec.ts', 'libs/**/*.spec.ts', 'test/architecture/**/*.spec.ts'],
      }),
      project({ name: 'integration', include: ['test/integration/**/*.int.spec.ts'] }, SERVICES),
      project(
        { name: 'e2e', include: ['test/e2e/**/*.e2e.spec.ts'], exclude: E2E_ALONE },
        SERVICES,
      ),
      // After every other file, one at a time: see E2E_ALONE.
      project({ name: 'e2e-alone', include: E2E_ALONE }, SERVICES, { workers: 1, group: 1 }),
    ],
  },
});
