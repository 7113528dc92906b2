/**
 * The service detail drawn from its definition (issue 22, screen-definitions/screens/service-detail.json):
 * reseller.admin opens a service in one of its pricelists at 1440 and 390 px (the record page's
 * header, sections and the pricelists table with the route's row highlighted, cards on a phone); root.admin previews
 * the same definition in the studio, as itself and as a company administrator, who gets neither
 * the pricelists nor a pricelist's prices.
 */
import { expect, test } from '@playwright/test';
import { serviceCall, signInAs } from './account-support';
import { seriousViolations } from './axe-findings';
import { SHOTS } from './shots';

test('reseller.admin reads a service in one of its pricelists, at 1440 and 390 px', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'reseller.admin');
  const lists = await serviceCall<{ ServiceId: number; Marketplaces: { MarketplaceId: number; Name: string; ContainsService: boolean }[] }>(
    page.request,
    'Marketplace',
    'GetAvailableMarketplacesForServices',
    { serviceName: 'microsoft-365-business-premium' },
  );
  const list = lists.body.Marketplaces.find((entry) => entry.ContainsService)!;
  await page.goto(`/v/#/service/${lists.body.ServiceId}/${list.MarketplaceId}`);
  await expect(page.getByTestId('service-detail-name')).toContainText('Microsoft 365', { timeout: 20_000 });
  await expect(page.getByTestId('service-detail-pricelist')).toContainText(list.Name);
  await expect(page.getByTestId('service-detail-pricelist')).toContainText('Purchase price');
  const table = page.getByTestId('service-detail-pricelists');
  await expect(table.locator('tbody tr')).toHaveCount(lists.body.Marketplaces.length);
  await expect(table.locator('tbody tr[aria-current="true"]')).toContainText(list.Name);
  await page.screenshot({ path: `${SHOTS}/service-detail-definition-1440.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('service-detail-price')).toBeVisible();
  // On a phone each pricelist is a card with every value under its column's name.
  await expect(table.locator('li')).toHaveCount(lists.body.Marketplaces.length);
  await expect(table.locator('li[aria-current="true"]')).toContainText(list.Name);
  await expect(table.locator('li').first()).toContainText('Customers');
  await page.screenshot({ path: `${SHOTS}/service-detail-definition-390.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Any record page also opens at /list/{id}, its context from the query string.
  await page.goto(`/v/#/list/service-detail?serviceId=${lists.body.ServiceId}&pricelistId=${list.MarketplaceId}`);
  await expect(page.getByTestId('service-detail-pricelist')).toContainText(list.Name, { timeout: 20_000 });
  await page.goto(`/v/#/service/${lists.body.ServiceId}/${list.MarketplaceId}`);
  await expect(page.getByTestId('service-detail-pricelists')).toBeVisible({ timeout: 20_000 });

  // Another pricelist of the table opens its own prices.
  const other = lists.body.Marketplaces.find((entry) => entry.MarketplaceId !== list.MarketplaceId);
  if (other) {
    await table.getByRole('link', { name: other.Name }).click();
    await expect(page).toHaveURL(new RegExp(`#/service/${lists.body.ServiceId}/${other.MarketplaceId}$`));
    await expect(page.getByTestId('service-detail-pricelist')).toContainText(other.Name, { timeout: 20_000 });
  }
});

test('root.admin previews the service detail definition in the studio, as itself and as a company administrator', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'root.admin');
  await page.goto('/v/#/studio?kind=screen&name=service-detail');
  const preview = page.getByTestId('studio-screen-preview');
  await expect(preview.getByTestId('service-detail-name')).toContainText('Microsoft 365', { timeout: 30_000 });
  await expect(preview.getByTestId('service-detail-pricelists')).toBeVisible({ timeout: 20_000 });
  await preview.screenshot({ path: `${SHOTS}/service-detail-studio-preview-1440.png` });
  await preview.getByRole('combobox').first().click();
  await page.getByRole('option', { name: /Company administrator/ }).first().click();
  await expect(preview.getByTestId('service-detail-name')).toContainText('Microsoft 365', { timeout: 20_000 });
  await expect(preview.getByTestId('service-detail-pricelists')).toHaveCount(0);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await preview.screenshot({ path: `${SHOTS}/service-detail-studio-preview-company-1440.png` });
});
