import { expect, test } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { SHOTS } from './shots';

test.describe('sign-in', () => {
  test('signs in as root.admin, shows the display name, signs out', async ({ page }) => {
    await page.goto('/v/#/login');
    await expect(page.getByTestId('login-submit')).toBeDisabled();
    await page.getByTestId('login-username').fill('root.admin');
    await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('shell-user-name')).toHaveText(/\S+/);
    const name = await page.getByTestId('shell-user-name').textContent();
    expect(name).not.toBe('root.admin');
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/#\/login/);
    // Signed out for real: the start page sends us back to sign-in.
    await page.goto('/v/#/');
    await expect(page).toHaveURL(/#\/login/);
  });

  test('a wrong password shows the server text and leaves an empty, focused password field', async ({ page }) => {
    await page.goto('/v/#/login');
    await page.getByTestId('login-username').fill('root.admin');
    await page.getByTestId('login-password').fill('Not-the-password-1!');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('The user name or password is incorrect.');
    await expect(page.getByTestId('login-password')).toHaveValue('');
    await expect(page.getByTestId('login-password')).toBeFocused();
    // Typing clears the error.
    await page.getByTestId('login-password').fill('x');
    await expect(page.getByTestId('login-error')).toHaveCount(0);
  });

  test('returns to the wanted page after sign-in', async ({ page }) => {
    await page.goto('/v/#/some/deep/page');
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    await page.getByTestId('login-username').fill('company.admin');
    await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/#\/some\/deep\/page/);
  });

  test('the first page runs without the app: it switches language, fetches the app once typed, and the app continues in that language', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/v/#/login');
    await expect(page.getByTestId('login-username')).toBeFocused();
    await page.getByTestId('language-select').selectOption('de');
    await expect(page.getByTestId('login-submit')).toHaveText('Anmelden');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(scripts.filter((url) => /\/start-[^/]*\.js$/.test(url))).toEqual([]);
    const startChunk = page.waitForRequest((request) => /\/start-[^/]*\.js$/.test(request.url()));
    await page.getByTestId('login-username').fill('company.admin');
    await startChunk;
    await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('shell-user-name')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('de');
  });

  test('/ redirects to the app and the login page looks right', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/v\/#\/login/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('login-username')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/login-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/login-phone.png` });
  });
});
