import { expect, test } from '@playwright/test';
import { SHOTS, signIn } from './identity-helpers';

/** After a page reload on a loaded machine. */
const SLOW = { timeout: 20_000 };

test.describe('impersonation', () => {
  test.setTimeout(90_000);
  test('reseller.admin acts as basic.user with the marker showing, then stops', async ({ page }) => {
    await signIn(page, 'reseller.admin');
    await expect(page.getByTestId('shell-user-name')).toHaveText('Sanne de Vries');
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('menu-impersonate').click();
    const dialog = page.getByTestId('impersonate-dialog');
    await expect(dialog).toBeVisible();

    // Someone holding permissions the reseller lacks is listed with the reason, before choosing, and cannot be chosen.
    await page.getByTestId('impersonate-search').fill('Pieter');
    const pieter = page.getByRole('option', { name: /Pieter Jansen/ });
    await expect(pieter).toHaveAttribute('aria-disabled', 'true');
    await expect(pieter).toContainText('You cannot impersonate Pieter Jansen: this user has permissions that you do not have.');
    await expect(page.getByTestId('impersonate-submit')).toBeDisabled();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/access-impersonate-refused-1280.png` });

    // Narrowed to Contoso, the reseller's own staff are no longer offered.
    await page.getByTestId('impersonate-organisation').getByRole('combobox').fill('Contoso');
    await page.getByRole('option', { name: /Contoso Ltd/ }).first().click();
    await page.getByTestId('impersonate-search').fill('Pieter');
    await expect(page.getByText('No matching users')).toBeVisible();
    await page.getByTestId('impersonate-search').fill('Harry');
    await page.getByRole('option', { name: /Harry Walsh/ }).click();
    await expect(page.getByTestId('impersonate-error')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/access-impersonate-dialog-1280.png` });
    await page.getByTestId('impersonate-submit').click();

    // The page reloads as basic.user, with the marker and without the impersonate button.
    const marker = page.getByTestId('impersonation-marker');
    await expect(marker).toContainText('You are acting as Harry Walsh', SLOW);
    await expect(marker).toContainText('signed in as Sanne de Vries');
    await expect(page.getByTestId('shell-user-name')).toHaveText('Harry Walsh');
    await page.screenshot({ path: `${SHOTS}/access-impersonating-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/access-impersonating-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The profile menu offers to stop, not to impersonate again.
    await page.getByTestId('profile-menu-button').click();
    await expect(page.getByTestId('menu-unimpersonate')).toBeVisible();
    await expect(page.getByTestId('menu-impersonate')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The impersonated user's limits apply: no admin console.
    await page.goto('/v/#/admin-console');
    await expect(page).toHaveURL(/\/v\/#\/$/);
    await expect(marker).toBeVisible();

    await page.getByTestId('impersonation-stop').click();
    await expect(marker).toHaveCount(0, SLOW);
    await expect(page.getByTestId('shell-user-name')).toHaveText('Sanne de Vries', SLOW);
    await page.getByTestId('profile-menu-button').click();
    await expect(page.getByTestId('menu-impersonate')).toBeVisible();
  });

  test('users without the impersonation capability are not offered to impersonate', async ({ page }) => {
    await signIn(page, 'company.admin');
    await expect(page.getByTestId('shell-user-name')).toHaveText('Olivia Bennett');
    await page.getByTestId('profile-menu-button').click();
    await expect(page.getByTestId('sign-out')).toBeVisible();
    await expect(page.getByTestId('menu-impersonate')).toHaveCount(0);
  });
});
