// The import graph's house rules (STYLE.md, ARCHITECTURE.md): apps depend on packages only, never on each
// other; nothing under apps/ or packages/ imports scripts/ or the e2e harness. What the API and the worker
// share lives in packages/ (@sage/notify, @sage/service-kit, ...). Run as a step of `npm test`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-app-to-app',
      comment: 'An app imports another app: move what they share into packages/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-package-to-app',
      comment: 'A package imports an app: packages sit below the apps.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-product-to-harness',
      comment: 'Product code imports the scripts or the test harness (scripts/, e2e/).',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { path: '^(scripts|e2e)/' },
    },
    {
      name: 'no-alerts-supervision-cycle',
      comment:
        "The worker's alerts and supervision areas do not import each other (issue #34): what both need lives in " +
        'packages/ (the device subject in @sage/domain) or in the device-event pipeline.',
      severity: 'error',
      from: { path: '^apps/worker/src/(alerts|supervision)/' },
      to: { path: '^apps/worker/src/(alerts|supervision)/', pathNot: '^apps/worker/src/$1/' },
    },
    {
      name: 'device-event-pipeline-below-its-callers',
      comment:
        'The device-event pipeline (apps/worker/src/device-events, decision 0560) is called by the ingest and the job ' +
        'runner and imports neither them nor the alerts; supervision (whose trouble tasks it raises and closes) does ' +
        'not import it back.',
      severity: 'error',
      from: { path: '^apps/worker/src/device-events/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/worker/src/(ingest|runtime|alerts|notifications|jobs)/' },
    },
    {
      name: 'supervision-does-not-import-the-pipeline',
      comment:
        'Supervision is below the device-event pipeline (decision 0560): the pipeline imports its trouble tasks.',
      severity: 'error',
      from: { path: '^apps/worker/src/supervision/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/worker/src/device-events/' },
    },
    {
      name: 'no-sql-parser-in-the-web-app',
      comment:
        "The web app reaches the reports' SQL parser (libpg-query, 1.2 MB of WebAssembly): it is server-side only, " +
        'imported as @sage/domain/report-sql by the API and the worker (decision 0500).',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '(^packages/domain/src/report-sql|libpg-query)', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|generated|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
    // Workspace packages are symlinks in node_modules: follow them to their real folders, so that
    // '@sage/api' is seen as apps/api/...
    preserveSymlinks: false,
    combinedDependencies: true,
  },
};
