import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8391);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `.tmp/test-results-${port}`,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/v/`,
    reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
    timeout: 60_000,
    env: { PORT: String(port), PORTAL_DATA_DIR: `.tmp/e2e-data-${port}`, LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
  },
});
