/** Dependency direction of docs/ARCHITECTURE.md, checked in `npm test`. */
const ui = '^node_modules/(react|react-dom|@mui|@emotion|ag-grid-community|ag-grid-react|@rjsf|react-router|react-router-dom|@tanstack/react-query|react-i18next)(/|$)';

module.exports = {
  forbidden: [
    {
      name: 'contract-is-self-contained',
      comment: 'contract/ is the ground floor shared by client and server: it imports nothing else of ours and no UI.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: ['^contract/', '^node_modules/'] },
    },
    {
      name: 'contract-has-no-ui',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: ui },
    },
    {
      name: 'engine-imports-only-contract',
      comment: 'The engine is pure TypeScript: no React/MUI/AG Grid, no src UI, no renderers, no server.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: ['^src/', '^renderers/', '^server/'] },
    },
    {
      name: 'engine-has-no-ui',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: ui },
    },
    {
      name: 'renderers-do-not-import-the-app',
      severity: 'error',
      from: { path: '^renderers/' },
      to: { path: ['^src/', '^server/'] },
    },
    {
      name: 'server-imports-only-contract',
      comment: 'The server shares the catalogue with the client and nothing else but a few pure modules of the engine (definition studio: screen-definition and report checks, layout review matrix; the field conditions its checks of saved values evaluate).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: ['^src/', '^engine/(?!grids/check-definition\\.ts$|reports/check-report\\.ts$|forms/form-model\\.ts$|shared/conditions\\.ts$)', '^renderers/'] },
    },
    {
      name: 'server-has-no-ui',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: ui },
    },
    {
      name: 'app-does-not-import-server',
      severity: 'error',
      from: { path: ['^contract/', '^src/', '^engine/', '^renderers/'] },
      to: { path: '^server/' },
    },
    {
      name: 'no-circular',
      comment: 'No import circle, type-only imports included (tsPreCompilationDeps): a circle makes load order matter and a folder impossible to read alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-non-package-json',
      comment: 'Every package imported is declared in package.json, not reached through another package\'s dependencies.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-dev-dep',
      comment: 'What the server runs (server/, contract/, and the pure engine modules it imports) needs only `dependencies`: the production image installs no devDependencies (npm ci --omit=dev). Type-only imports vanish at build time.',
      severity: 'error',
      from: { path: ['^server/', '^contract/', '^engine/'], pathNot: ['\\.test\\.tsx?$', '/test-support/'] },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
