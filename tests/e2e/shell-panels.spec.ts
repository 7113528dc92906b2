/** Terms and privacy, the support panel, consent and the chat assistant (spec §2, §4, §6). */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { callFromPage, SHOTS, signIn } from './shell-support';

test('terms: read, download the PDF, accept, and see the confirmation', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'basic.user');
  await page.getByTestId('terms-menu-button').click();
  await expect(page.getByTestId('terms-menu-privacy')).toContainText('Not accepted yet');
  await page.getByTestId('terms-menu-privacy').click();
  await expect(page.getByTestId('terms-text')).toContainText('Privacy policy');
  const box = await page.getByTestId('terms-dialog').locator('.MuiDialog-paper').boundingBox();
  expect(box?.width).toBe(1340);
  expect(box?.height).toBeLessThanOrEqual(690);
  await expect(page.getByTestId('terms-not-accepted')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shell-terms-dialog.png` });

  const download = page.waitForEvent('download');
  await page.getByTestId('terms-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Privacy_policy.pdf');
  expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByTestId('terms-accept').click();
  await expect(page.getByTestId('terms-accepted')).toHaveText('Thank you. You have accepted the terms and conditions.');
  await expect(page.getByTestId('terms-accept')).toHaveCount(0);
});

test('support: the contact link opens a 380 px panel with the support details', async ({ page }) => {
  await signIn(page, 'company.admin');
  await expect(page.getByTestId('support-contacts')).toContainText('+31 20 794 6100');
  await expect(page.getByTestId('imprint-link')).toHaveAttribute('href', 'https://www.cloud-marketplace.example/imprint');
  await page.getByTestId('contact-support').click();
  const panel = page.locator('[data-testid="support-panel"] .MuiDrawer-paper');
  await expect(panel).toBeVisible();
  // Sub-pixel layout may give 379.9999.
  expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(380);
  await expect(page.getByTestId('support-section-sales')).toContainText('sales@');
  await page.getByTestId('support-panel').getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);

  await page.getByTestId('support-menu-button').click();
  await expect(page.getByTestId('support-site')).toHaveAttribute('href', 'https://support.cloud-marketplace.example/');
  await expect(page.getByTestId('support-knowledge-base')).toHaveAttribute('target', '_blank');
});

test('chat: shown with chat bot Read only after every consent service is accepted; the token is reused', async ({ page }) => {
  await signIn(page, 'reseller.admin');
  await expect(page.getByTestId('chat-toggle')).toHaveCount(0);

  // The consent page is public and plain: no header.
  await page.goto('/v/#/consent/chat-assistant?redirect=%2F');
  await expect(page.getByTestId('consent-state')).toHaveText('Not accepted yet.');
  await expect(page.getByTestId('profile-menu-button')).toHaveCount(0);
  await page.getByTestId('consent-accept').click();
  await expect(page.getByTestId('consent-state')).toContainText('Accepted on');
  await page.goto('/v/#/consent/web-analytics?redirect=%2F');
  await page.getByTestId('consent-accept').click();
  await page.getByTestId('consent-continue').click();

  const tokenCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ChatBot/GetToken')) tokenCalls.push(request.url());
  });
  await page.getByTestId('chat-toggle').click();
  // Issue 38: the help bot greets the user in the conversation of the token.
  await expect(page.getByTestId('chat-message')).toContainText(['Hello Sanne de Vries!']);
  await page.getByTestId('chat-toggle').click();
  await page.getByTestId('chat-toggle').click();
  // Reopened within the hour: the same token, the same conversation (one greeting).
  await expect(page.getByTestId('chat-message')).toHaveCount(1);
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  expect(tokenCalls).toHaveLength(1);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chatBotToken') ?? '{}') as { fetchedAt?: number });
  expect(Date.now() - (stored.fetchedAt ?? 0)).toBeLessThan(60_000);

  // company.admin has no chat bot Read: no toggle even with every consent given.
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('sign-out').click();
  await signIn(page, 'company.admin');
  await expect(page.getByTestId('terms-menu-button')).toBeVisible();
  await expect(page.getByTestId('chat-toggle')).toHaveCount(0);
});

test('an unknown consent service says so', async ({ page }) => {
  await page.goto('/v/#/consent/nonexistent-service');
  await expect(page.getByTestId('consent-screen')).toContainText('There is no consent service with the id nonexistent-service.');
  await expect(page.getByTestId('consent-accept')).toHaveCount(0);
});

test('embedded in a host app: no header or footer, and the host’s account URL opens the account', async ({ page }) => {
  await signIn(page, 'company.admin');
  const me = await callFromPage<{ CompanyAccount: { AccountId: number } }>(page, 'Authorization', 'GetCurrentUser', {});
  const companyId = me.body.CompanyAccount.AccountId;
  await page.goto(`/v/?embedded=1#/Account/View/${companyId}`);
  await expect(page).toHaveURL(new RegExp(`#/account/${companyId}$`));
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByTestId('profile-menu-button')).toHaveCount(0);
  await expect(page.getByTestId('shell-footer')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/shell-embedded.png` });
});
