/**
 * Issue 16, the start page: root.admin lands on the dashboard and follows
 * "orders awaiting approval" to the review screen (screenshots in English and
 * German, light and dark); basic.user typing an admin address is told what was
 * refused. The cards' rules are in tests/api/dashboard.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { SHOTS, signIn } from './shell-support';

async function shoot(page: Page, name: string, locale: 'en' | 'de', theme: 'light' | 'dark') {
  await page.evaluate(([language, mode]) => {
    localStorage.setItem('locale', language);
    localStorage.setItem('themeMode', mode);
  }, [locale, theme] as const);
  await page.reload();
  await expect(page.getByTestId('dashboard-card-orders-awaiting-approval')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/${name}-${locale}-${theme}.png`, fullPage: true });
}

test('root.admin starts on the dashboard and follows "orders awaiting approval" to the review screen', async ({ page }) => {
  // Four reloads for the screenshots (English and German, light and dark) on a shared machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'root.admin');
  await expect(page).toHaveURL(/\/v\/#\/$/);
  const orders = page.getByTestId('dashboard-card-orders-awaiting-approval');
  await expect(orders).toContainText('Orders awaiting approval');
  await expect(orders.getByTestId('dashboard-card-orders-awaiting-approval-figure')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('dashboard-card-recent-activity-item').first()).toBeVisible();

  for (const locale of ['en', 'de'] as const) for (const theme of ['light', 'dark'] as const) await shoot(page, 'dashboard-root', locale, theme);
  await expect(orders).toContainText('Bestellungen zur Freigabe');

  await page.getByTestId('dashboard-card-orders-awaiting-approval-link').click();
  await expect(page).toHaveURL(/\/v\/#\/orders\/request-review$/);
  // The logo leads back to it.
  await page.getByTestId('shell-logo').click();
  await expect(orders).toBeVisible();
});

test('basic.user typing the admin console address is told it was refused, on the dashboard', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'basic.user');
  await page.goto('/v/#/admin-console');
  await expect(page).toHaveURL(/\/v\/#\/$/);
  const notice = page.getByTestId('dashboard-refused');
  await expect(notice).toHaveText('You do not have access to “Admin console”.');
  await expect(page.getByTestId('dashboard-card-terms-to-accept')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-refused-en-light.png` });
  await notice.getByRole('button').click();
  await expect(notice).toHaveCount(0);
});

/** Each focus stop from the top of the page to its end by Tab: what it is and its accessible name ('' when it has none). */
async function focusStops(page: Page): Promise<{ stop: string; name: string }[]> {
  const stops: { stop: string; name: string }[] = [];
  for (let index = 0; index < 80; index += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return undefined;
      return `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''} in ${element.closest('[data-testid]')?.getAttribute('data-testid') ?? 'the page'}`;
    });
    if (!stop || (index > 0 && stop.startsWith('a[shell-logo]'))) break;
    // The accessibility tree's line for the element: `- role "name"`, or no quoted name when it has none.
    const line = (await page.locator(':focus').ariaSnapshot()).split('\n')[0];
    stops.push({ stop, name: /"(.+?)"/.exec(line)?.[1] ?? '' });
  }
  return stops;
}

test('every focus stop on the dashboard has a name, on a desktop and a phone (issue 24)', async ({ page }) => {
  test.setTimeout(90_000);
  // company.admin's dashboard has every kind of card: counts, the bill chart, the activity list.
  await signIn(page, 'company.admin');
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/v/#/');
    await expect(page.getByTestId('dashboard-card-bill-this-month-chart')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('dashboard-card-recent-activity-item').first()).toBeVisible();
    const stops = await focusStops(page);
    expect(stops.length, 'the walk reached the cards').toBeGreaterThan(8);
    expect(stops.filter((entry) => entry.name.trim() === '').map((entry) => entry.stop)).toEqual([]);
  }
});
