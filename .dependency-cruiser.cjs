/**
 * Module boundaries of the monolith. Libraries talk to each other only through
 * `@app/<lib>` (their index.ts), or `@app/<lib>/migrations` (their migrations.ts, the
 * schema only, for libs/migrations); anything else is a deep import and fails CI.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Circular imports break ESM initialisation order and blur module ownership.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-deep-import-between-libs',
      severity: 'error',
      comment:
        'A library imports another library only through its index.ts (the @app/<lib> alias), or its migrations.ts (@app/<lib>/migrations).',
      from: { path: '^libs/([^/]+)/' },
      to: {
        path: '^libs/[^/]+/src/.+',
        pathNot: ['^libs/$1/', '^libs/[^/]+/src/(index|migrations)\\.ts$'],
      },
    },
    {
      name: 'no-deep-import-from-apps',
      severity: 'error',
      comment:
        'Applications and tests use libraries only through their index.ts (the @app/<lib> alias), or their migrations.ts.',
      from: { path: '^(apps|test|bench)/' },
      to: { path: '^libs/[^/]+/src/.+', pathNot: '^libs/[^/]+/src/(index|migrations)\\.ts$' },
    },
    {
      name: 'lib-imports-app',
      severity: 'error',
      comment: 'Libraries never depend on applications.',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'app-imports-other-app',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'shared-is-the-kernel',
      severity: 'error',
      comment: 'libs/shared depends on no other library.',
      from: { path: '^libs/shared/' },
      to: { path: '^libs/', pathNot: '^libs/shared/' },
    },
    {
      name: 'platform-below-domains',
      severity: 'error',
      comment: 'libs/platform is plumbing; it may use the kernel (shared) but no domain library.',
      from: { path: '^libs/platform/' },
      to: { path: '^libs/', pathNot: '^libs/(platform|shared)/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ folders hold pure logic: no Nest, no TypeORM, no infrastructure.',
      from: { path: '^libs/[^/]+/src/domain/' },
      to: {
        path: [
          '^node_modules/(@nestjs|typeorm|bullmq|ioredis|pg)/',
          '^libs/[^/]+/src/(infrastructure|interface|application)/',
        ],
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^dist/|^dist-[^/]+/|^node_modules/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
