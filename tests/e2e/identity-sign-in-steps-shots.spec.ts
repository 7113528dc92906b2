/**
 * The sign-in steps drawn from their definitions (login-mfa, select-mfa-method, sso-auth) at desktop and phone
 * width, in English and German: the code of the chosen method with a refusal in place, the choice of a method,
 * and a provider's return the server refused.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, fillSignIn, SHOTS } from './identity-helpers';

async function shoot(page: Page, name: string) {
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/sign-in-steps-${name}-${width}.png`, fullPage: true });
  }
}

for (const locale of ['en', 'de'] as const) {
  test(`the sign-in steps in ${locale}`, async ({ page }) => {
    test.slow();
    await page.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
    await page.goto('/v/#/login?redirect=%2Faccount-security');
    await fillSignIn(page, 'mfa.user', DEMO_PASSWORD);
    await expect(page.getByTestId('mfa-selected-method')).toBeVisible({ timeout: 20_000 });
    await shoot(page, `login-mfa-${locale}`);
    await page.getByTestId('mfa-code').fill('000000');
    await page.getByTestId('mfa-submit').click();
    await expect(page.getByTestId('mfa-error')).toBeVisible();
    await shoot(page, `login-mfa-refused-${locale}`);

    // The choice of a method (mfa.user has one: the page lists it, the chosen one selected).
    await page.evaluate(() => (window.location.hash = '#/select-mfa-method?redirect=%2Faccount-security'));
    await expect(page.getByTestId('mfa-method-list').or(page.locator('[data-testid^="mfa-method-"]')).first()).toBeVisible();
    await shoot(page, `select-mfa-method-${locale}`);
    await page.locator('[data-testid^="mfa-method-"]').first().click();
    await expect(page).toHaveURL(/#\/login-mfa\?redirect=%2Faccount-security$/);
    await expect(page.getByTestId('mfa-selected-method')).toBeVisible();

    await page.goto('/v/#/sso-auth/made-up-code/forged-state');
    await expect(page.getByTestId('sso-auth-error')).toBeVisible({ timeout: 20_000 });
    await shoot(page, `sso-auth-refused-${locale}`);
  });
}
