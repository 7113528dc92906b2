// `npm test`: every check, in order, stopping at the first failure. Pass step names to run only those.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { assertChromium } from './chromium.mjs';
import { buildClientIfNeeded } from './client-build.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);

const steps = [
  { name: 'lint', run: [bin('eslint'), '.', '--max-warnings=0'] },
  { name: 'typecheck', run: [bin('tsc'), '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'dependencies', run: [bin('depcruise'), '--config', '.dependency-cruiser.cjs', 'contract', 'src', 'engine', 'renderers', 'server'] },
  // Product owners' files: view layouts and screen definitions (checked once their checkers exist).
  { name: 'layouts', optional: 'scripts/check-layouts.ts', run: [bin('tsx'), 'scripts/check-layouts.ts'] },
  { name: 'definitions', optional: 'scripts/check-definitions.ts', run: [bin('tsx'), 'scripts/check-definitions.ts'] },
  { name: 'unit', run: [bin('vitest'), 'run', '--project', 'unit'] },
  { name: 'api', run: [bin('vitest'), 'run', '--project', 'api'] },
  { name: 'e2e', before: () => { assertChromium(); buildClientIfNeeded(); }, run: [bin('playwright'), 'test'] },
];

const only = process.argv.slice(2);
const timings = [];
const present = (step) => !step.optional || existsSync(resolve(root, step.optional));
for (const step of steps.filter((s) => (only.length === 0 || only.includes(s.name)) && present(s))) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  step.before?.();
  const [command, ...args] = step.run;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  timings.push(`${step.name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n${step.name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\nAll checks passed: ${timings.join(', ')}`);
