/**
 * Passkeys and sessions in Chromium (issue 23). A CDP virtual authenticator (CTAP2, internal,
 * resident keys, user verification) stands in for the device: register, sign out, sign in with the
 * passkey alone, remove it. Ending another session sends that session's open page to sign-in at once
 * through the live connection. account.manager is used (one other journey signs in as it, briefly);
 * its passkey exists only for the length of this test.
 */
import { expect, test, type Page } from '@playwright/test';
import { screenshots, signIn, signOutViaMenu } from './identity-helpers';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

test('account.manager ends another session, adds a passkey, signs in with it alone and removes it', async ({ page, browser }) => {
  test.slow();
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  // Another browser (a phone) signed in as the same user.
  const phone = await browser.newContext({ userAgent: IPHONE });
  const phonePage = await phone.newPage();
  await signIn(phonePage, 'account.manager');

  await signIn(page, 'account.manager');
  await page.goto('/v/#/account-security');
  const sessions = page.getByTestId('my-sessions');
  await expect(sessions.getByTestId('session-current')).toBeVisible();
  // Newest first: the phone's session is the first "Safari on iOS" row (a rerun on a kept server may list older ones).
  const phoneRows = sessions.getByTestId('session-row').filter({ hasText: 'Safari on iOS' });
  await expect(phoneRows.first()).toBeVisible();
  const phones = await phoneRows.count();
  await screenshots(page, 'identity-sessions');
  await phoneRows.first().getByTestId('session-end').click();
  await expect(phoneRows).toHaveCount(phones - 1);
  // The phone's open page is sent to sign-in by the live connection, without a click there.
  await expect(phonePage).toHaveURL(/#\/login/, { timeout: 15_000 });
  await phone.close();

  // Add a passkey.
  await page.getByTestId('add-passkey').click();
  await page.getByTestId('passkey-name').fill('Test laptop');
  await page.getByTestId('passkey-create').click();
  const methods = page.getByTestId('mfa-methods');
  await expect(methods).toContainText('Test laptop');
  await expect(methods).toContainText('not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);
  await screenshots(page, 'identity-passkey-added');

  // Sign out, then in with the passkey alone: no user name, no password.
  await signOutViaMenu(page);
  await screenshots(page, 'identity-passkey-sign-in');
  await page.getByTestId('login-passkey').click();
  await expect(page.getByTestId('shell-user-name')).toBeVisible({ timeout: 20_000 });

  // Remove it: its row shows when it was last used, then it is gone.
  await page.goto('/v/#/account-security');
  const row = methods.locator('li', { hasText: 'Test laptop' });
  await expect(row).toContainText('last used');
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('remove-method-confirm').click();
  await expect(methods.or(page.getByTestId('mfa-methods-empty'))).not.toContainText('Test laptop');

  // Without it, the passkey button finds nothing the portal knows.
  await signOutViaMenu(page);
  await page.getByTestId('login-passkey').click();
  await expect(page.getByTestId('login-error')).toHaveText('This passkey is not registered for any user of this portal.');
});
