import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { e2eOidcPort, testSsoConfig } from './tests/support/oidc-test-setup';

const port = Number(process.env.E2E_PORT ?? 8391);
// A real OpenID provider for the single-sign-on tests (tests/support/oidc-provider.ts), beside the portal.
const oidcPort = e2eOidcPort(port);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // The 390 px + axe sweep of every screen for every demo user takes minutes of its own: `npm run test:sweep`.
  testIgnore: process.env.E2E_SWEEP ? [] : ['**/screens-sweep.spec.ts'],
  outputDir: `.tmp/test-results-${port}`,
  timeout: 30_000,
  // Generous for a loaded two-core CI machine; a journey that really breaks still fails.
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // Recording a trace for every test doubles the suite's time; E2E_TRACE=1 keeps one for each failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'node --import tsx tests/support/oidc-provider.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
      timeout: 120_000,
      env: { OIDC_PORT: String(oidcPort), OIDC_REDIRECT_URIS: `http://localhost:${port}/v/,http://127.0.0.1:${port}/v/` },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://localhost:${port}/v/`,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
      timeout: 120_000,
      env: {
        PORT: String(port),
        PORTAL_DATA_DIR: `.tmp/e2e-data-${port}`,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORTAL_SSO_CONFIG: JSON.stringify(testSsoConfig(oidcIssuer)),
        // The webhooks journey's local HTTPS receiver: its address allowed, its certificate trusted (written by the spec).
        WEBHOOKS_ALLOWED_ADDRESSES: '127.0.0.1',
        WEBHOOKS_CA_FILE: `.tmp/e2e-webhook-ca-${port}.pem`,
      },
    },
  ],
});
