/**
 * The service-info tab of a product account and the available-services tab of
 * a company, as company.admin (Contoso): the service's values and the price
 * Contoso's pricelist gives, no purchase price; the list filtered in the page,
 * and Order opening the create-service screen with the product chosen.
 */
import { expect, test } from '@playwright/test';
import { companyIdOf, serviceCall, signInAs } from './account-support';

test.setTimeout(90_000);

interface Allowed {
  Services: { DisplayName: string; SalesPrice: number; Currency: string; VendorName: string; Category: string; ProductNumber: string; Tags: string[] }[];
}

test('company.admin reads the service information of a subscription', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);
  const products = await serviceCall<{ AccountId: number; AccountType: string; DisplayName: string }[]>(page.request, 'Account', 'SearchAccount', { text: 'Microsoft 365 Business Standard' });
  const product = products.body.find((hit) => hit.AccountType === 'Product')!;
  const info = await serviceCall<{ Service: { SalesPrice: number; ProductNumber: string } }>(page.request, 'ServiceManagement', 'GetServiceInfo', { accountId: product.AccountId });
  expect(info.status).toBe(200);

  await page.goto(`/v/#/account/${product.AccountId}`);
  await page.getByTestId('account-tab-service-info').click({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`#/account/${product.AccountId}/service-info$`));
  const tab = page.getByTestId('account-subpage-service-info');
  await expect(tab).toBeVisible({ timeout: 20_000 });
  await expect(tab.getByTestId('service-info-name')).toContainText('Microsoft 365 Business Standard');
  await expect(tab.getByTestId('service-info-vendor')).toHaveText('Adatum Software');
  await expect(tab.getByTestId('service-info-product-number')).toHaveText(info.body.Service.ProductNumber);
  await expect(tab.getByTestId('service-info-fee-type')).toHaveText('Monthly');
  // Contoso (United Kingdom) pays the "Northwind Partner UK" price in pounds; en-US reads en-GB there (spec §9).
  const price = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(info.body.Service.SalesPrice);
  await expect(tab.getByTestId('service-info-sales-price')).toContainText(price);
  await expect(tab.getByTestId('service-info-sales-price')).toContainText('Northwind Partner UK');
  await expect(tab.getByTestId('service-info-purchase-price')).toHaveCount(0);
  await expect(tab.getByTestId('service-info-company')).toHaveText('Contoso Ltd');
  await expect(tab.getByTestId('service-info-state')).toHaveText('Active');
  await expect(tab.getByTestId('service-info-value-Quantity')).toHaveText(/^\d+$/);
  expect(contosoId).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/service-info.png', fullPage: true });
});

test('company.admin filters the available services of the company and orders one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);
  const allowed = await serviceCall<Allowed>(page.request, 'Billing', 'GetAccountAllowedServices', { accountId: contosoId });
  expect(allowed.status).toBe(200);
  const total = allowed.body.Services.length;
  // The tab's search: a word of the name, vendor, category, product number or tags starting with the text.
  const backups = allowed.body.Services.filter((service) =>
    [service.DisplayName, service.VendorName, service.Category, service.ProductNumber, ...service.Tags]
      .join(' ')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((word) => word.startsWith('backup')),
  );
  expect(backups.length).toBeGreaterThan(0);

  await page.goto(`/v/#/account/${contosoId}`);
  await page.getByTestId('account-tab-available-services').click({ timeout: 20_000 });
  const tab = page.getByTestId('account-subpage-available-services');
  await expect(tab).toBeVisible({ timeout: 20_000 });
  const rows = tab.getByTestId('available-service');
  await expect(rows).toHaveCount(total);
  const backup = rows.filter({ hasText: 'Cloud Backup 500 GB' });
  const expected = allowed.body.Services.find((service) => service.DisplayName === 'Cloud Backup 500 GB')!;
  await expect(backup.getByTestId('available-service-price')).toContainText(
    `${new Intl.NumberFormat('en-GB', { style: 'currency', currency: expected.Currency }).format(expected.SalesPrice)} per month`,
  );
  // The base fee stays in the vendor's currency (US dollars for Adatum).
  await expect(rows.filter({ hasText: 'Adatum Contact Center Seat' }).getByTestId('available-service-price')).toContainText(
    `${new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'USD' }).format(150)} base fee`,
  );
  await page.screenshot({ path: '/tmp/available-services.png', fullPage: true });

  await tab.getByTestId('available-services-search').fill('backup');
  await expect(rows).toHaveCount(backups.length);
  await tab.getByTestId('available-services-search').fill('no such service at all');
  await expect(tab.getByTestId('available-services-no-match')).toBeVisible();
  await tab.getByTestId('available-services-search').fill('backup 500');
  await expect(rows).toHaveCount(1);

  await backup.getByTestId('available-service-order').click();
  await expect(page).toHaveURL(new RegExp(`#/account/${contosoId}/new/service\\?product=Cloud(%20|\\+)Backup(%20|\\+)500(%20|\\+)GB$`));
  await expect(page.getByTestId('create-account-screen')).toContainText('Cloud Backup 500 GB');
  await expect(page.getByTestId('create-account-screen')).toContainText('Contoso Ltd');
});
