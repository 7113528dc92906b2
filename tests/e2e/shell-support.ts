// Helpers of the shell's end-to-end tests (tests/e2e/shell-*.spec.ts).
import { expect, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';

export { SHOTS } from './shots';

/** Signs in through the login page and waits for the shell. */
export async function signIn(page: Page, userName: string): Promise<void> {
  await page.goto('/v/#/login');
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  // Generous: sign-in hashes the password (argon2) on a machine other test runs share.
  await expect(page.getByTestId('profile-menu-button')).toBeVisible({ timeout: 20_000 });
}

/**
 * Serves the branding script with extra settings, as an operator would
 * configure them (e.g. `legacy_app_url`), on top of the server's own.
 */
export async function withBranding(page: Page, extra: Record<string, unknown>): Promise<void> {
  await page.route('**/branding/latest/config.gen.js', async (route) => {
    const response = await route.fetch();
    const script = await response.text();
    await route.fulfill({ response, body: `${script}\nwindow.brandingConfig = Object.assign({}, window.brandingConfig, ${JSON.stringify(extra)});\n` });
  });
}

/** A service call from the signed-in page (its cookies and XSRF token), for test set-up. */
export async function callFromPage<T>(page: Page, service: string, method: string, body: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ service, method, body }) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
      const response = await fetch(`/DataModel/service.svc/rest/${service}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as T };
    },
    { service, method, body },
  );
}
