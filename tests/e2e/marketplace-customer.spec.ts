/**
 * Issue 12, the customer's side: a reseller prices a service in a new pricelist
 * (set up over the API, as the pricelist journey already drives those screens),
 * makes Contoso its customer, and Contoso's admin then finds the service at that
 * price under Available services and in the header's search.
 */
import { expect, test } from '@playwright/test';
import { typeDate } from './date-input';
import { companyIdOf, serviceCall, signInAs } from './account-support';
import { SHOTS } from './grids-support';

interface PriceRow { ServiceName: string; DisplayName: string; PriceableItem: string }
interface Job { JobId: number; Status: string }

test('a customer company sees the services and prices published to its pricelist', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'company.admin');
  const contosoId = await companyIdOf(page);

  await signInAs(page, 'reseller.admin');
  const call = async <T>(method: string, body: unknown = {}) => {
    const result = await serviceCall<T>(page.request, 'Marketplace', method, body);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body;
  };
  const [existing] = await call<{ Id: number }[]>('ListMarketplaces');
  const [service] = (await call<{ Rows: PriceRow[] }>('ListMarketplaceServices', { marketplaceId: existing.Id, query: { startRow: 0, endRow: 1 } })).Rows;
  // Priority 0: this pricelist's price wins over Contoso's other pricelists (spec §9).
  const { Id: marketplaceId } = await call<{ Id: number }>('CreateMarketplace', {
    marketplaceOffer: { Name: 'E2E Contoso Offer', Currency: 'EUR', Description: 'Published to Contoso', PricePriority: 0 },
  });
  let job = await call<Job>('UpdateMarketplaceServices', {
    marketplaceOfferId: marketplaceId,
    marketplaceServiceList: [{ ServiceName: service.ServiceName, Prices: [{ PriceableItem: service.PriceableItem, SalesPrice: 4321.5 }] }],
  });
  while (job.Status !== 'Completed') {
    expect(job.Status).not.toBe('Failed');
    await page.waitForTimeout(100);
    job = await call<Job>('GetMarketplaceUpdateJob', { jobId: job.JobId });
  }
  await call('AddMarketplaceCustomers', { marketplaceId, customerAccountIds: [contosoId] });

  // Contoso's admin: the service at the pricelist's price under Available services…
  await signInAs(page, 'company.admin');
  await page.goto(`/v/#/account/${contosoId}/available-services`);
  const tab = page.getByTestId('account-subpage-available-services');
  await expect(tab).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('available-services-search').fill(service.DisplayName);
  const row = tab.getByTestId('available-service').filter({ hasText: service.DisplayName }).first();
  await expect(row.getByTestId('available-service-price')).toContainText('4,321.50');
  await page.screenshot({ path: `${SHOTS}/marketplace-customer-available-1440.png` });

  // Ordering it shows that price before anything is ordered, and the start date cannot be in the past.
  await row.getByTestId('available-service-order').click();
  await expect(page.getByTestId('order-price-amount')).toContainText('4,321.50', { timeout: 20_000 });
  const today = new Date();
  const localToday = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  // The start date (the one date input, in the page's language): yesterday is refused, today accepted.
  // Found as the form's first date field (a plain box showing the date until the user reaches for it).
  const firstDate = page.locator('[data-testid^="input-"]').filter({ has: page.locator('input[data-date-text]') }).first();
  const startDate = page.getByTestId((await firstDate.getAttribute('data-testid'))!);
  const yesterday = new Date(today.getTime() - 86_400_000);
  await typeDate(startDate, `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`);
  await expect(startDate.getByRole('group')).toHaveAttribute('aria-invalid', 'true');
  await typeDate(startDate, localToday);
  await expect(startDate.getByRole('group')).toHaveAttribute('aria-invalid', 'false');
  await page.screenshot({ path: `${SHOTS}/marketplace-customer-order-1440.png`, fullPage: true });
  await page.goBack();

  // …and in the header's search.
  await page.getByTestId('global-search').fill(service.DisplayName);
  await expect(page.getByTestId('search-service').filter({ hasText: service.DisplayName }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/marketplace-customer-search-1440.png` });
});
