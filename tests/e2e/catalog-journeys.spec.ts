/**
 * The service catalogue's journeys in Chromium:
 * - vendor.admin opens the service tool from the menu, downloads a service's
 *   German texts as Excel, edits the file, uploads it, sees what it would
 *   change and saves it;
 * - company.admin follows the header search's "show all services" link to
 *   Explore, narrows it with a facet, and opens a service's detail page.
 */
import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { serviceCall, signInAs } from './account-support';
import { SHOTS } from './shots';

test.setTimeout(120_000);

test('vendor.admin round-trips the localizable fields of a service through Excel', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'vendor.admin');
  await page.goto('/v/#/');
  await page.getByTestId('profile-menu-button').click({ timeout: 20_000 });
  await page.getByRole('menuitem', { name: 'Service tool' }).click();
  await expect(page).toHaveURL(/#\/service-tool$/);
  // The first service of the list (most recently modified), whichever it is.
  const row = page.locator('.ag-row[row-index="0"]').filter({ has: page.locator('[col-id="Category"]') });
  await expect(row).toBeVisible({ timeout: 20_000 });
  // The grid first draws loading rows without data (their row-id is the row's index): wait for a loaded one.
  await expect(row.locator('[col-id="Category"]')).toHaveText(/\S/, { timeout: 20_000 });
  const serviceName = (await row.getAttribute('row-id'))!;
  const mine = await serviceCall<{ Name: string; DisplayName: string }[]>(page.request, 'ServiceManagement', 'ListMyServices');
  const displayName = mine.body.find((service) => service.Name === serviceName)!.DisplayName;
  await page.screenshot({ path: `${SHOTS}/catalog-service-tool.png` });
  await row.locator('[col-id="Category"]').click();

  const dialog = page.getByTestId('service-tool-dialog');
  await expect(dialog).toContainText(displayName, { timeout: 20_000 });
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('fields-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${serviceName}-de.xlsx`);
  const path = `.tmp/catalog-e2e-${Date.now()}.xlsx`;
  await download.saveAs(path);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  expect(sheet.getCell(1, 3).value).toBe('German (de)');
  expect(sheet.getCell(3, 1).value).toBe('ShortDescription');
  const shortText = 'Das E-Mail- und Office-Paket für kleine Teams, monatlich kündbar.';
  sheet.getCell(3, 3).value = shortText;
  await workbook.xlsx.writeFile(path);

  await dialog.getByTestId('fields-file').setInputFiles(path);
  const preview = dialog.getByTestId('fields-preview');
  await expect(preview).toContainText('the file changes: 1.', { timeout: 20_000 });
  await expect(preview.getByTestId('fields-changed-row')).toHaveCount(1);
  await expect(preview.getByTestId('fields-changed-row')).toContainText(shortText);
  await page.screenshot({ path: `${SHOTS}/catalog-fields-preview.png` });

  await dialog.getByTestId('fields-save').click();
  await expect(page.getByText('The texts were saved.')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('fields-preview')).toHaveCount(0);
  const stored = await serviceCall<{ Service: { ShortDescription: string } }>(page.request, 'Marketplace', 'GetCompanyMarketplaceService', { serviceName });
  // serviceCall asks in German: the vendor's new German text is what a German reader sees.
  expect(stored.body.Service.ShortDescription).toBe(shortText);

  // A file of another kind is refused with the spec's text.
  await dialog.getByTestId('fields-file').setInputFiles({ name: 'notes.xlsx', mimeType: 'text/plain', buffer: Buffer.from('just text') });
  await expect(dialog.getByTestId('fields-upload-error')).toHaveText('File format not supported', { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/catalog-fields-wrong-file.png` });

  // The service groups tool beside it: the vendor's groups with their services.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('my-services-groups').click();
  await expect(page).toHaveURL(/#\/service-tool\/edit-service-groups$/);
  // The groups are a defined grid (service-groups.json); a group's services open under it as its detail rows.
  const group = page.getByTestId('defined-grid-service-groups').locator('.ag-row').filter({ hasText: 'Microsoft 365' }).first();
  await expect(group).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('groups-priceable-items')).toContainText('Recurring fee');
  await group.locator('.dg-expander').click();
  const services = page.getByTestId('grid-detail-rows');
  await expect(services).toContainText('Services of Microsoft 365');
  await expect(services.getByTestId('grid-detail-row').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/catalog-service-groups.png` });
});

test('reseller.admin sees a service with its price in one of its pricelists', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'reseller.admin');
  const lists = await serviceCall<{ ServiceId: number; Marketplaces: { MarketplaceId: number; Name: string; ContainsService: boolean }[] }>(
    page.request,
    'Marketplace',
    'GetAvailableMarketplacesForServices',
    { serviceName: 'microsoft-365-business-premium' },
  );
  const list = lists.body.Marketplaces.find((entry) => entry.ContainsService)!;
  await page.goto(`/v/#/service/${lists.body.ServiceId}/${list.MarketplaceId}`);
  await expect(page.getByTestId('service-detail-pricelist')).toContainText(list.Name, { timeout: 20_000 });
  await expect(page.getByTestId('service-detail-pricelists').locator('tbody tr')).toHaveCount(lists.body.Marketplaces.length);
  await page.screenshot({ path: `${SHOTS}/catalog-service-pricelist.png` });
});

test('company.admin explores the catalogue from the search and opens a service', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'company.admin');
  await page.goto('/v/#/');
  const search = page.getByTestId('global-search');
  await expect(search).toBeVisible({ timeout: 20_000 });
  await search.fill('backup');
  await page.getByTestId('search-all-services').click({ timeout: 20_000 });
  await expect(page).toHaveURL(/#\/explore\/search\//);
  await expect(page.getByTestId('explore-search')).toHaveValue('backup');
  const cards = page.getByTestId('explore-card');
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  for (const name of await cards.getByTestId('explore-card-title').allTextContents()) expect(name.toLowerCase()).toContain('backup');

  const facets = await serviceCall<{ TotalCount: number; Categories: { Value: string; Count: number }[] }>(page.request, 'Marketplace', 'GetSearchServicesMetadata', {
    options: { Source: { Type: 'Root' } },
  });
  const backupCount = facets.body.Categories.find((category) => category.Value === 'Backup')!.Count;
  await page.getByTestId('explore-search').fill('');
  await expect(page.getByTestId('explore-count')).toHaveText(`Services: ${facets.body.TotalCount}`, { timeout: 20_000 });
  await page.getByTestId('explore-facet-categories').getByRole('checkbox', { name: /^Backup/ }).check();
  await expect(page.getByTestId('explore-count')).toHaveText(`Services: ${backupCount}`, { timeout: 20_000 });
  await expect(cards.first()).toContainText('Backup');
  await expect(page.getByTestId('service-image').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/catalog-explore.png` });

  const first = cards.first().getByTestId('explore-card-title');
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/#\/service\/\d+$/);
  await expect(page.getByTestId('service-detail-name')).toContainText(name, { timeout: 20_000 });
  await expect(page.getByTestId('service-detail-price')).toContainText('£');
  await expect(page.getByTestId('service-detail-order')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/catalog-service-detail.png` });
});

// Issue 21: root is no vendor but reaches every vendor's services: the dashboard's count and the
// service tool agree; the service groups tool explains once, on the screen, and nothing follows it.
test('root sees the services it counts, and service groups explained once', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'root.admin');
  await page.goto('/v/#/');
  const figure = page.getByTestId('dashboard-card-my-services-figure');
  await expect(figure).toHaveText(/^[\d,.\s]+$/, { timeout: 20_000 });
  const counted = Number((await figure.innerText()).replace(/\D/g, ''));
  expect(counted).toBeGreaterThan(0);
  await page.getByTestId('dashboard-card-my-services-link').click();
  await expect(page).toHaveURL(/#\/service-tool$/);
  await expect(page.getByTestId('grid-total')).toContainText(new RegExp(counted.toLocaleString('en').replace(/,/g, ',?')), { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/catalog-service-tool-root.png` });

  await page.getByTestId('my-services-groups').click();
  await expect(page.getByTestId('groups-not-vendor')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('message')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/catalog-service-groups-root.png` });
  await page.goto('/v/#/pricelists');
  await expect(page.getByTestId('defined-grid-pricelists')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('message')).toHaveCount(0);
});

// The groups' file round trip (service-groups.json fileTransfer): a file with wrong rows saves nothing
// and lists each problem with its row and column; the file as downloaded saves.
test('vendor.admin uploads service groups: problems as a table, a good file saved', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'vendor.admin');
  await page.goto('/v/#/service-tool/edit-service-groups');
  await expect(page.getByTestId('defined-grid-service-groups').locator('.ag-row').first()).toBeVisible({ timeout: 20_000 });
  const downloading = page.waitForEvent('download');
  await page.getByTestId('groups-download').click();
  const path = `.tmp/groups-e2e-${Date.now()}.xlsx`;
  await (await downloading).saveAs(path);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  sheet.getCell(2, 3).value = '';
  sheet.getCell(3, 1).value = 'no-such-service';
  const wrong = `.tmp/groups-e2e-wrong-${Date.now()}.xlsx`;
  await workbook.xlsx.writeFile(wrong);
  await page.getByTestId('groups-file').setInputFiles(wrong);
  const problems = page.getByTestId('groups-upload-errors');
  await expect(problems).toContainText('Nothing was saved: 2 problems in the file.', { timeout: 20_000 });
  await expect(problems.locator('tbody tr')).toHaveCount(2);
  await expect(problems.locator('tbody tr').filter({ hasText: 'Enter the service group.' })).toContainText('2');
  await expect(problems.locator('tbody tr').filter({ hasText: 'no-such-service is not one of your services.' })).toContainText('3');
  await page.screenshot({ path: `${SHOTS}/catalog-service-groups-errors.png` });

  // The file as downloaded (untouched on disk): nothing moves, and it is saved.
  await page.getByTestId('groups-file').setInputFiles(path);
  await expect(page.getByText(/Service groups saved: 0 services moved\./)).toBeVisible({ timeout: 20_000 });
  await expect(problems).toHaveCount(0);

  await page.getByTestId('groups-file').setInputFiles({ name: 'notes.xlsx', mimeType: 'text/plain', buffer: Buffer.from('just text') });
  await expect(page.getByTestId('groups-upload-error')).toHaveText('File format not supported', { timeout: 20_000 });
});
