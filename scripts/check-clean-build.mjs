// CI check (issue 16): the client build prints nothing a newcomer would take for an error.
// Runs `vite build` and fails on any line beyond its usual progress and file list.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const output = `${result.stdout}\n${result.stderr}`;
process.stdout.write(output);
const usual = [/^$/, /^vite v\S+ building/, /^transforming\.\.\.$/, /^rendering chunks\.\.\.$/, /^computing gzip size/, /^✓ /, /^dist\//];
const unexpected = output
  .split('\n')
  .map((line) => stripVTControlCharacters(line).trim())
  .filter((line) => !usual.some((pattern) => pattern.test(line)));
if (result.status !== 0 || unexpected.length) {
  console.error(`\nThe client build is not clean (exit ${result.status}); unexpected output:\n${unexpected.join('\n')}`);
  process.exit(1);
}
console.log('The client build printed no warning.');
