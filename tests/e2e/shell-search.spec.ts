/** The header's global search (spec §4, §7, §9) against the real server. */
import { expect, test } from '@playwright/test';
import { callFromPage, signIn, withBranding } from './shell-support';

test('shows accounts and services, the first 3 services with the count, and Escape clears and closes', async ({ page }) => {
  await signIn(page, 'root.admin');
  const search = page.getByTestId('global-search');
  await search.fill('backup');
  const panel = page.getByTestId('search-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('search-account').first()).toContainText('Backup');
  await expect(page.getByTestId('search-service')).toHaveCount(3);
  const total = (await callFromPage<{ TotalCount: number }>(page, 'Marketplace', 'SearchServices', { options: { DisplayName: 'backup', Source: { Type: 'Root' } } })).body.TotalCount;
  expect(total).toBeGreaterThan(3);
  await expect(page.locator('#search-services-heading')).toHaveText(`Services (${total})`);
  // Without the legacy app the "show all" link opens this portal's Explore page.
  await expect(page.getByTestId('search-all-services')).toHaveCount(1);
  // Moving the pointer over a row picks it, as the arrow keys do.
  await page.getByTestId('search-service').nth(1).hover();
  await expect(page.getByTestId('search-service').nth(1)).toHaveAttribute('aria-selected', 'true');

  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(panel).toHaveCount(0);
});

test('arrow keys move through the results, Enter follows the chosen one', async ({ page }) => {
  await withBranding(page, { legacy_app_url: 'https://main.portal.example' });
  await signIn(page, 'root.admin');
  const search = page.getByTestId('global-search');
  await search.fill('backup');
  await expect(page.getByTestId('search-service')).toHaveCount(3);
  const options = page.getByRole('option');
  const count = await options.count();
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? '');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowUp');
  await search.press('ArrowUp');
  // Up from the first wraps to the last: "show all services" with the base64 search text.
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(count - 1)).toHaveAttribute('data-testid', 'search-all-services');
  await page.route('https://main.portal.example/**', (route) => route.fulfill({ body: 'legacy app' }));
  await search.press('Enter');
  await page.waitForURL(/^https:\/\/main\.portal\.example\//);
  expect(page.url()).toBe(`https://main.portal.example/#/Marketplace/Explore/p:1;l:20;st:Root;ord:Ranking,ASC;n:${Buffer.from('backup').toString('base64')}`);
});

test('waits 300 ms after the last keystroke, searches once, and shows the common not-found text', async ({ page }) => {
  await signIn(page, 'company.admin');
  // The page's own clock, paused: typing takes no time, then exactly 299 ms and 1 ms pass.
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1000);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/Account/SearchAccount')) calls.push(request.postData() ?? '');
  });
  await page.getByTestId('global-search').pressSequentially('zzqxv');
  await page.clock.runFor(299);
  expect(calls).toEqual([]);
  await page.clock.runFor(1);
  await expect(page.getByTestId('search-nothing-found')).toHaveText('Nothing found');
  expect(calls).toEqual([JSON.stringify({ text: 'zzqxv' })]);
  // Blank text is no search: the panel closes, nothing is sent.
  await page.getByTestId('global-search').fill('   ');
  await expect(page.getByTestId('search-panel')).toHaveCount(0);
  await page.clock.runFor(1000);
  expect(calls).toHaveLength(1);
});

test('shows terminated accounts greyed', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'root.admin');
  // The demo data has one terminated subscription (server/seed/subscriptions.ts); find it by service name.
  // The catalogue holds a few hundred services: page through all of them (Explore's paging).
  let terminated: { DisplayName: string } | undefined;
  for (let offset = 0; !terminated && offset < 10_000; offset += 100) {
    const page_ = (await callFromPage<{ Services: { DisplayName: string }[]; TotalCount: number }>(page, 'Marketplace', 'ExploreServices', { offset, limit: 100, orderBy: { Key: 'DisplayName', Value: 'ASC' } })).body;
    for (const service of page_.Services) {
      const hits = (await callFromPage<{ DisplayName: string; AccountState: string }[]>(page, 'Account', 'SearchAccount', { text: service.DisplayName })).body;
      terminated = hits.find((hit) => hit.AccountState === 'Terminated');
      if (terminated) break;
    }
    if (offset + 100 >= page_.TotalCount) break;
  }
  expect(terminated).toBeDefined();
  await page.getByTestId('global-search').fill(terminated!.DisplayName);
  const row = page.locator('[data-testid="search-account"][data-terminated="true"]').first();
  await expect(row).toContainText('Terminated');
  const color = await row.evaluate((element) => getComputedStyle(element).color);
  expect(color).not.toBe('rgba(0, 0, 0, 0.87)');
});

test('searches services only with Marketplace Read', async ({ page: basic }) => {
  await signIn(basic, 'basic.user');
  const serviceCalls: string[] = [];
  basic.on('request', (request) => {
    if (request.url().includes('/Marketplace/SearchServices')) serviceCalls.push(request.url());
  });
  await basic.getByTestId('global-search').fill('harry');
  await expect(basic.getByTestId('search-account').first()).toContainText('Harry Walsh');
  await expect(basic.getByTestId('search-service')).toHaveCount(0);
  expect(serviceCalls).toEqual([]);
});
