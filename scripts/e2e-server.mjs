// The server the end-to-end tests run against: freshly seeded demo data every run.
// (Resetting here, not in playwright.config.ts: the config is also evaluated in every worker.)
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildClientIfNeeded } from './client-build.mjs';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(root, process.env.PORTAL_DATA_DIR ?? '.tmp/e2e-data');
// A direct `npx playwright test` must not test an older build of the client.
if (!process.env.PORTAL_CLIENT_DIR) buildClientIfNeeded();
rmSync(dataDir, { recursive: true, force: true });
// The TOTP steps the tests took against the previous server (tests/e2e/totp-steps.ts).
for (const leftover of ['', '.lock']) rmSync(resolve(root, `.tmp/e2e-totp-step-${process.env.PORT ?? '8391'}${leftover}`), { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORTAL_DATA_DIR: dataDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
