import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, fillSignIn, screenshots, signIn, signOutViaMenu } from './identity-helpers';

const rule = (page: Page, id: string) => page.getByTestId(`password-rule-${id}`);

test.describe('passwords', () => {
  test('change password: every rule fails visibly, then a good password is saved', async ({ page }) => {
    test.slow(); // one server check per candidate password
    await signIn(page, 'password.user');
    await page.goto('/v/#/change-password?redirect=%2Faccount-security');
    await expect(page.getByTestId('password-rules')).toBeVisible();
    await screenshots(page, 'change-password');

    // password.user is Grace Turner of Contoso Ltd.
    const failing: [string, string][] = [
      ['Ab1!', 'minLength'],
      [`Aa1!${'x'.repeat(130)}`, 'maxLength'],
      ['ABCDEFGHIJK-2026', 'lowercase'],
      ['abcdefghijk-2026', 'uppercase'],
      ['Abcdefghijkl-mnop', 'digit'],
      ['Abcdefghijkl2026', 'special'],
      ['Password123!', 'notCommon'],
      ['Grace-Meadow-2026!', 'noPersonalInfo'],
    ];
    const input = page.getByTestId('password-new');
    for (const [candidate, id] of failing) {
      await input.fill(candidate);
      await expect(rule(page, id), `${candidate} should fail ${id}`).toHaveAttribute('data-state', 'failed');
      if (id === 'digit') await screenshots(page, 'change-password-rule-failing');
    }
    // The history is checked when saving.
    await expect(rule(page, 'notRecent')).toHaveAttribute('data-state', 'onSave');

    const good = 'Quiet-Harbour-Lantern-7!';
    await input.fill(good);
    for (const id of ['minLength', 'maxLength', 'lowercase', 'uppercase', 'digit', 'special', 'notCommon', 'noPersonalInfo']) {
      await expect(rule(page, id)).toHaveAttribute('data-state', 'met');
    }
    await page.getByTestId('password-confirm').fill('Quiet-Harbour-Lantern-8!');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByTestId('change-password-submit')).toBeDisabled();

    // The last passwords are refused on save, named.
    await page.getByTestId('password-current').fill(DEMO_PASSWORD);
    await input.fill(DEMO_PASSWORD);
    await page.getByTestId('password-confirm').fill(DEMO_PASSWORD);
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByTestId('change-password-error')).toContainText('Not one of your last 10 passwords');

    // A wrong current password.
    await page.getByTestId('password-current').fill('Not-my-password-1!');
    await input.fill(good);
    await page.getByTestId('password-confirm').fill(good);
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByTestId('change-password-error')).toHaveText('The current password is incorrect.');
    await screenshots(page, 'change-password-error');

    await page.getByTestId('password-current').fill(DEMO_PASSWORD);
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await expect(page).toHaveURL(/#\/account-security$/);

    await signOutViaMenu(page);
    await fillSignIn(page, 'password.user', DEMO_PASSWORD);
    await expect(page.getByTestId('login-error')).toHaveText('The user name or password is incorrect.');
    await page.getByTestId('login-password').fill(good);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('shell-user-name')).toHaveText('Grace Turner', { timeout: 20_000 });
  });

  test('reset password by mail, end to end: request, mailbox link, new password, single use', async ({ page }) => {
    test.slow();
    await page.goto('/v/#/login');
    await page.getByTestId('login-cant-sign-in').click();
    await expect(page).toHaveURL(/#\/reset-password$/);
    await screenshots(page, 'reset-request');
    await page.getByTestId('reset-username').fill('reset.user');
    await page.getByTestId('reset-request-submit').click();
    await expect(page.getByTestId('reset-request-sent')).toBeVisible();
    await screenshots(page, 'reset-request-sent');

    // The mail, as the server's SMTP server received it, with its link.
    await page.goto('/dev/mailbox');
    const link = page.locator('a[href*="/reset-password/reset.user/"]').first();
    await expect(link).toBeVisible();
    await screenshots(page, 'dev-mailbox');
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(page).toHaveURL(/#\/reset-password\/reset\.user\/[\w-]+$/);
    await expect(page.getByTestId('reset-password-username')).toHaveValue('reset.user');

    const input = page.getByTestId('password-new');
    await input.fill('Noah-Lantern-2026!');
    await expect(rule(page, 'noPersonalInfo')).toHaveAttribute('data-state', 'failed');
    const newPassword = 'Amber-Field-Compass-42!';
    await input.fill(newPassword);
    await expect(rule(page, 'noPersonalInfo')).toHaveAttribute('data-state', 'met');
    await page.getByTestId('password-confirm').fill(newPassword);
    await screenshots(page, 'reset-password');
    await page.getByTestId('reset-password-submit').click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();

    await fillSignIn(page, 'reset.user', DEMO_PASSWORD);
    await expect(page.getByTestId('login-error')).toHaveText('The user name or password is incorrect.');
    await page.getByTestId('login-password').fill(newPassword);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('shell-user-name')).toHaveText('Noah Patel', { timeout: 20_000 });

    // The link works once.
    await signOutViaMenu(page);
    await page.goto(href);
    await input.fill('Other-Field-Compass-43!');
    await expect(page.getByTestId('password-check-error')).toHaveText('This password reset link is invalid or has expired. Please request a new one.');
    await page.getByTestId('password-confirm').fill('Other-Field-Compass-43!');
    await page.getByTestId('reset-password-submit').click();
    await expect(page.getByTestId('reset-password-error')).toHaveText('This password reset link is invalid or has expired. Please request a new one.');
  });
});
