/**
 * The import rules of the repository's shape (ARCHITECTURE §1a), checked by `pnpm lint`:
 *   depcruise apps/api/src apps/web/src packages --config .dependency-cruiser.cjs --ignore-known
 * Violations known when the rules came in are listed in .dependency-cruiser-known-violations.json
 * (`pnpm lint:baseline` rewrites it); a new one fails the lint.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles, type-only imports included (tsPreCompilationDeps): a cycle closed by ' +
        '`import type` still ties the modules together.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-through-index',
      severity: 'error',
      comment:
        "A domain imports another domain only through that domain's index.ts, its one import " +
        'surface.',
      from: { path: '^apps/api/src/domains/([^/]+)/' },
      to: {
        path: '^apps/api/src/domains/[^/]+/.',
        pathNot: ['^apps/api/src/domains/$1/', '^apps/api/src/domains/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'messages-only-shared',
      severity: 'error',
      comment:
        "A domain's messages.ts (user-facing texts and error factories) imports only " +
        'apps/api/src/shared/ and packages, so any module may import it without a cycle.',
      from: { path: '^apps/api/src/domains/[^/]+/messages\\.ts$' },
      to: {
        dependencyTypesNot: ['core'],
        pathNot: ['^apps/api/src/shared/', '^packages/', '(^|/)node_modules/'],
      },
    },
    {
      name: 'feature-through-index',
      severity: 'error',
      comment:
        "A web feature imports another feature only through that feature's index.ts(x), its " +
        'one import surface.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/.',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file (a move left an importer behind).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: {
      path: ['(^|/)node_modules/', '(^|/)dist/', '\\.d\\.ts$'],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // The workspace packages export their TypeScript sources (`exports: "./src/index.ts"`).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
