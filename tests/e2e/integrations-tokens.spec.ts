/**
 * API tokens in the browser (issue 26): a user makes a token in the UI, copies it from the
 * shown-once dialog, a program calls the API with it (no cookie, no XSRF), the list shows its
 * last use and address, and revoking it in the UI stops it; an admin sees an account's service tokens.
 */
import { expect, test } from '@playwright/test';
import { companyIdOf, signInAs } from './account-support';
import { SHOTS } from './shots';

test.setTimeout(120_000);

test('company.admin makes a token, a program uses it, the list shows its use, and revoking stops it', async ({ page, playwright }) => {
  await signInAs(page, 'company.admin');
  await page.goto('/v/#/api-tokens');
  await expect(page.getByTestId('api-tokens-screen')).toBeVisible({ timeout: 30_000 });
  // The profile menu leads here.
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('menu-apiTokens')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('api-tokens-new-open').click();
  await page.getByTestId('api-tokens-new-name').fill('billing sync');
  await page.getByRole('checkbox', { name: 'SUBSCRIPTIONS Read' }).check();
  await page.getByTestId('api-tokens-new-allowedIps').fill('127.0.0.1, ::1');
  await page.screenshot({ path: `${SHOTS}/api-token-create.png` });
  await page.getByTestId('api-tokens-new-submit').click();

  const secret = page.getByTestId('api-tokens-new-secret');
  await expect(secret).toBeVisible();
  const token = await secret.inputValue();
  expect(token).toMatch(/^mpt_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: `${SHOTS}/api-token-shown-once.png` });
  await page.getByTestId('api-tokens-new-done').click();
  await expect(secret).toHaveCount(0);
  // The list never shows the secret again, only its first characters.
  await expect(page.getByTestId('api-tokens')).not.toContainText(token);
  await expect(page.getByTestId('api-tokens')).toContainText(token.slice(0, 10));

  // A program: its own HTTP client, without the browser's cookies.
  const program = await playwright.request.newContext({ baseURL: page.url().replace(/\/v\/.*$/, '') });
  const call = (method: string) => program.post(`/DataModel/service.svc/rest/${method}`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  const me = await call('Authorization/GetCurrentUser');
  expect(me.status()).toBe(200);
  expect((await me.json()).Username).toBe('company.admin');

  await page.reload();
  // The grid's row (screen-definitions/screens/api-tokens.json): the last use's time and address.
  const row = page.locator('.ag-row').filter({ hasText: 'billing sync' }).first();
  await expect(row).toContainText(/127\.0\.0\.1|::1/, { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/api-token-list.png` });

  // Revoke is offered on the token's panel and asks first.
  await row.click();
  await page.getByTestId('grid-row-action-revoke').click();
  await page.getByTestId('grid-action-confirm').click();
  await expect(row).toContainText('Revoked');
  expect((await call('Authorization/GetCurrentUser')).status()).toBe(401);
  await program.dispose();
});

test('company.admin sees the service tokens of the company on its API tokens tab', async ({ page }) => {
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);
  await page.goto(`/v/#/account/${contosoId}/api-tokens`);
  await expect(page.getByTestId('account-subpage-api-tokens')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('service-tokens-new-open').click();
  await expect(page.getByRole('dialog')).toContainText('New service token');
  await page.screenshot({ path: `${SHOTS}/api-token-service-dialog.png` });
});
