// The Content-Security-Policy the server sends is one the built app satisfies: every screen
// of root.admin (the user who sees the most), with no CSP violation reported by Chromium.
import { expect, test, type Page } from '@playwright/test';
import { callFromPage, signIn } from './shell-support';

/** Collects the violations Chromium reports, from the first script of each document. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function findAccount(page: Page, text: string, type: string): Promise<number> {
  const { body } = await callFromPage<{ AccountId: number; AccountType: string }[]>(page, 'Account', 'SearchAccount', { text });
  const hit = body.find((account) => account.AccountType === type);
  if (!hit) throw new Error(`no ${type} found for "${text}"`);
  return hit.AccountId;
}

test('the app and the API carry the security headers', async ({ request }) => {
  for (const path of ['/v/', '/DataModel/openapi.json', '/branding/latest/config.gen.js']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("script-src 'self'");
    expect(headers['content-security-policy'], path).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'self'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
});

test('no screen of the portal breaks its Content-Security-Policy', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  await page.goto('/v/#/login');
  await expect(page.getByTestId('login-username')).toBeVisible();
  await signIn(page, 'root.admin');
  const company = await findAccount(page, 'Contoso', 'Company');
  const screens = [
    '/', '/account-security', '/provisioning', '/provisioning/my-imports', '/orders/my-orders', '/orders/request-review',
    '/pricing-rules', '/admin-console', `/account/${company}`, `/account/${company}/billing`, `/account/${company}/audit-log`,
    `/account/${company}/security`, `/account/${company}/available-services`, `/account/${company}/provisioning`,
    `/account/${company}/custom-charges`, '/account/new/user', `/list/audit-log?accountId=${company}`, '/no-such-screen',
    '/pricelists', '/propagation', '/explore', '/quotes', '/reports', '/studio', `/hierarchy/${company}`,
  ];
  for (const screen of screens) {
    await page.goto(`/v/#${screen}`);
    await expect(page.getByTestId('profile-menu-button')).toBeVisible();
    // Let lazy chunks, grids and their styles arrive.
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
