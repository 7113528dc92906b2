/**
 * Issue 24's small things, in one sign-in: an anonymous load of the login page
 * logs no error and asks for no current user; the dashboard's cards keep their
 * own height; the profile menu closes after switching the theme; the grid and
 * the dashboard write dates the same way.
 */
import { expect, test } from '@playwright/test';
import { SHOTS, signIn } from './shell-support';

test('anonymous login page has a clean console; dashboard cards and the profile menu behave', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  const currentUserCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes('/Authorization/GetCurrentUser')) currentUserCalls.push(request.url());
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/v/#/login');
  await expect(page.getByTestId('login-username')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  expect(currentUserCalls).toEqual([]);

  await signIn(page, 'root.admin');
  const cards = page.getByTestId('dashboard-cards');
  await expect(cards.locator('[data-testid^="dashboard-card-"][data-testid$="-figure"]').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-card-recent-activity-item').first()).toBeVisible();
  await expect(cards).toHaveCSS('align-items', 'start');
  // A row holding a taller card (terms with its button, the activity list) keeps its other cards short.
  const boxes = await cards.evaluate((grid) => [...grid.children].map((child) => child.getBoundingClientRect()).map((box) => ({ top: Math.round(box.top), height: Math.round(box.height) })));
  const rows = [...new Set(boxes.map((box) => box.top))].map((top) => boxes.filter((box) => box.top === top).map((box) => box.height));
  expect(rows.some((heights) => heights.length > 1 && Math.min(...heights) < Math.max(...heights))).toBe(true);
  await page.screenshot({ path: `${SHOTS}/small-things-dashboard-1440.png` });

  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('menu-theme').click();
  // No Escape: choosing the theme closes the menu.
  await expect(page.getByTestId('menu-theme')).toBeHidden();
  await expect(page.locator('body')).toHaveCSS('background-color', /rgb\((1?\d|2\d|3\d), /);
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('menu-theme').click();
  await expect(page.getByTestId('menu-theme')).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/small-things-dashboard-390.png` });
  expect(errors).toEqual([]);
});
