import { expect, test } from '@playwright/test';
import { fillSignIn, DEMO_PASSWORD, SHOTS, signIn } from './identity-helpers';

test.describe('navigation guard', () => {
  test('a signed-out visit to /provisioning goes to sign-in and comes back after it', async ({ page }) => {
    await page.goto('/v/#/provisioning');
    await expect(page).toHaveURL(/\/v\/#\/login\?redirect=%2Fprovisioning$/);
    await fillSignIn(page, 'reseller.admin', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/v\/#\/provisioning$/, { timeout: 20_000 });
    await expect(page.getByTestId('shell-user-name')).toHaveText('Sanne de Vries');
  });

  test('/admin-console as basic.user goes to the site root', async ({ page }) => {
    await signIn(page, 'basic.user');
    await page.goto('/v/#/admin-console');
    await expect(page).toHaveURL(/\/v\/#\/$/);
    await expect(page.getByTestId('shell-user-name')).toHaveText('Harry Walsh');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/access-guard-root-1280.png` });
  });

  test('root.admin reaches the admin console', async ({ page }) => {
    await signIn(page, 'root.admin');
    await page.goto('/v/#/admin-console');
    await expect(page).toHaveURL(/\/v\/#\/admin-console$/);
  });
});
