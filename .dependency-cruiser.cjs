/** Dependency direction of docs/ARCHITECTURE.md, checked in `npm test`. */
const ui = '^node_modules/(react|react-dom|@mui|@emotion|ag-grid-community|ag-grid-react|@rjsf|react-router|react-router-dom|@tanstack/react-query|react-i18next)(/|$)';

module.exports = {
  forbidden: [
    {
      name: 'contract-is-self-contained',
      comment: 'src/contract is shared by client and server: it imports nothing else of ours and no UI.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { pathNot: ['^src/contract/', '^node_modules/'] },
    },
    {
      name: 'contract-has-no-ui',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: ui },
    },
    {
      name: 'engine-imports-only-contract',
      comment: 'The engine is pure TypeScript: no React/MUI/AG Grid, no src UI, no renderers, no server.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: ['^src/(?!contract/)', '^renderers/', '^server/'] },
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
      to: { path: ['^src/(?!contract/)', '^server/'] },
    },
    {
      name: 'server-imports-only-contract',
      comment: 'The server shares the catalogue with the client and nothing else but two pure checks of the engine (definition studio: screen-definition checks, layout review matrix).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: ['^src/(?!contract/)', '^engine/(?!grids/check-definition\\.ts$|reports/check-report\\.ts$|forms/form-model\\.ts$)', '^renderers/'] },
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
      from: { path: ['^src/', '^engine/', '^renderers/'] },
      to: { path: '^server/' },
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
