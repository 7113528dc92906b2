// Builds the client when dist/client is missing or older than any client source.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');
const output = join(root, 'dist/client/index.html');
const sources = ['src', 'engine', 'renderers', 'locales', 'screen-definitions', 'index.html', 'vite.config.ts', 'scripts/vite-locale-parts.ts', 'scripts/vite-chunks.ts', 'scripts/vite-precompress.ts', 'scripts/vite-mui-without-css-variables.ts', 'package.json'];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

export function clientIsStale() {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestChange(join(root, source)) > built);
}

export function buildClientIfNeeded({ force = false } = {}) {
  if (!force && !clientIsStale()) return;
  console.log('Building the client (vite build)...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The client build failed.');
    process.exit(result.status ?? 1);
  }
}
