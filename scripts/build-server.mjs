// `npm run build:server`: the server compiled to JavaScript (esbuild) in dist/server, so production
// runs `node dist/server/main.js` instead of compiling TypeScript at every start (tsx).
// Packages stay external (node_modules). Files that find their data next to their source
// (import.meta.dirname: migrations, locales, layouts, report and card definitions) get their
// source folder instead, so the bundle reads those files where they are in the app folder.
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const outdir = resolve(root, 'dist/server');

/** import.meta.dirname of each source file, as that file's folder under the app root. */
const sourceDirs = {
  name: 'source-dirs',
  setup(context) {
    context.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const folder = relative(root, dirname(args.path)).split('\\').join('/');
      return { contents: text.replaceAll('import.meta.dirname', `__portalSourceDir(${JSON.stringify(folder)})`), loader: 'ts' };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: { main: resolve(root, 'server/main.ts'), migrate: resolve(root, 'server/db/migrate-cli.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [sourceDirs],
  // dist/server/<entry>.js: the app root is two folders up.
  banner: {
    js: [
      "import { resolve as __portalResolve } from 'node:path';",
      "const __portalRoot = __portalResolve(import.meta.dirname, '../..');",
      'const __portalSourceDir = (folder) => __portalResolve(__portalRoot, folder);',
    ].join('\n'),
  },
});
console.log(`server built to ${relative(root, outdir)} in ${Date.now() - started} ms`);
