/**
 * The quotation tool end to end: reseller.admin builds a quote for Contoso with
 * a recommended product and sends it; company.admin (Contoso) accepts it; the
 * subscription appears with its provisioning request; the revenue report shows
 * this month's line for it. Light and dark screenshots of each screen.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { typeDate } from './date-input';
import { waitForRows } from './grids-support';
import { signIn } from './shell-support';
import { SHOTS } from './shots';

// The 390 px and leave-guard checks added a few seconds to a journey that took close to 180 s on a loaded two-core machine.
test.setTimeout(240_000);

/** Light and dark screenshots; `ready` is what must show again after the reload. */
async function shoot(page: Page, name: string, ready: Locator) {
  await page.screenshot({ path: `${SHOTS}/${name}-light.png`, fullPage: true });
  for (const mode of ['dark', 'light']) {
    await page.evaluate((theme) => localStorage.setItem('themeMode', theme), mode);
    await page.reload();
    await expect(ready).toBeVisible({ timeout: 20_000 });
    if (mode === 'dark') await page.screenshot({ path: `${SHOTS}/${name}-dark.png`, fullPage: true });
  }
}

test('a reseller quotes, the customer accepts, the subscription is provisioned and reported', async ({ browser }) => {
  const name = `Contoso workplace ${Date.now() % 100_000}`;

  // The reseller builds the quote.
  const seller = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(seller, 'reseller.admin');
  await seller.getByTestId('profile-menu-button').click();
  await seller.getByTestId('menu-myQuotes').click();
  await expect(seller).toHaveURL(/#\/quotes$/);
  await waitForRows(seller.getByTestId('defined-grid-quotes'));
  await shoot(seller, 'quotes-list', seller.getByTestId('defined-grid-quotes').locator('.ag-row').first());

  await seller.getByTestId('new-quote').click();
  await seller.getByTestId('quote-customer').locator('input').fill('Contoso');
  await seller.getByRole('option', { name: /^Contoso Ltd/ }).click();
  await expect(seller.getByTestId('quote-currency').locator('input')).toHaveValue('GBP');
  await seller.getByTestId('quote-name').locator('input').fill(name);
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await typeDate(seller.getByTestId('quote-valid-until'), validUntil);

  await seller.getByTestId('line-add').click();
  await seller.getByTestId('line-ProductName').getByRole('combobox').first().click();
  await seller.getByRole('option').first().click();
  const firstProduct = await seller.getByTestId('line-ProductName').getByRole('combobox').first().inputValue();
  await seller.getByTestId('line-Quantity').locator('input').first().fill('10');
  // A product other customers of Contoso's pricelist bought with it.
  const recommended = seller.getByTestId('line-suggestion').first();
  await expect(recommended).toBeVisible({ timeout: 15_000 });
  await recommended.click();
  await expect(seller.getByTestId('line')).toHaveCount(2);
  const secondProduct = await seller.getByTestId('line-ProductName').getByRole('combobox').nth(1).inputValue();
  expect(secondProduct).not.toBe(firstProduct);
  // A discount beyond 100 % stays in its field, marked with the range it allows; Save waits for a valid one.
  const discount = seller.getByTestId('line-DiscountPercent').nth(1);
  await discount.locator('input').fill('150');
  await expect(discount).toContainText('Enter a discount from 0 to 100 %.');
  await expect(seller.getByTestId('quote-fix-marked')).toBeVisible();
  await expect(seller.getByTestId('quote-save')).toBeDisabled();
  // Not reloaded for the dark shot: an unsaved new quote would be gone.
  await seller.screenshot({ path: `${SHOTS}/quote-editor-invalid-discount-light.png`, fullPage: true });
  await discount.locator('input').fill('10');
  await expect(seller.getByTestId('quote-fix-marked')).toHaveCount(0);

  await seller.getByTestId('quote-save').click();
  await expect(seller).toHaveURL(/#\/quotes\/\d+$/);
  await expect(seller.getByTestId('quote-status')).toHaveAttribute('data-status', 'Draft');
  await expect(seller.getByTestId('quote-commitment-total')).toContainText('£');
  await expect(seller.getByTestId('quote-totals-stale')).toHaveCount(0);
  await shoot(seller, 'quote-editor', seller.getByTestId('line-ProductName').first());
  // At 390 px each line is a card with every field under its label, not only the product column.
  await seller.setViewportSize({ width: 390, height: 844 });
  const card = seller.getByTestId('line').first();
  // The lines are drawn again as cards after the resize: scroll once the card stays.
  await expect(async () => card.scrollIntoViewIfNeeded({ timeout: 2000 })).toPass({ timeout: 15_000 });
  await expect(card.getByText('Quantity', { exact: true })).toBeInViewport();
  await expect(card.getByTestId('line-LineTotal')).toBeInViewport();
  await seller.screenshot({ path: `${SHOTS}/quote-editor-390.png`, fullPage: true });
  await seller.setViewportSize({ width: 1440, height: 900 });
  // A changed line is unsaved work: leaving asks first, and continuing keeps it.
  await seller.getByTestId('line-Quantity').locator('input').first().fill('12');
  await seller.getByTestId('profile-menu-button').click();
  await seller.getByTestId('menu-myQuotes').click();
  const guard = seller.getByRole('dialog', { name: 'Unsaved changes' });
  await guard.getByRole('button', { name: 'Continue editing' }).click();
  await expect(guard).toBeHidden();
  await expect(seller.getByTestId('line-Quantity').locator('input').first()).toHaveValue('12');
  await seller.getByTestId('quote-save').click();
  await expect(seller.getByTestId('quote-save')).toBeDisabled();
  await expect(seller.getByTestId('quote-totals-stale')).toHaveCount(0);

  // Sending makes the quote immutable: a confirmation names the customer first.
  await seller.getByTestId('quote-send').click();
  const confirmation = seller.getByRole('dialog');
  await expect(confirmation).toContainText('Contoso Ltd');
  await expect(confirmation).toContainText('can no longer be changed');
  await seller.screenshot({ path: `${SHOTS}/quote-send-confirm-light.png` });
  await seller.getByTestId('confirm-ok').click();
  await expect(seller.getByTestId('quote-status')).toHaveAttribute('data-status', 'Sent');
  await expect(seller.getByTestId('quote-send')).toHaveCount(0);
  await expect(seller.getByTestId('quote-revise')).toBeVisible();

  // The reseller's revenue (tens of thousands a month): the amount axis is as wide as its labels, none cut short.
  await seller.goto('/v/#/reports/revenue-by-month');
  const amountTicks = seller.getByTestId('report-chart').locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
  await expect(amountTicks.filter({ hasText: /\d{2},\d{3}|…/ }).first()).toBeVisible({ timeout: 20_000 });
  for (const tick of await amountTicks.allTextContents()) expect(tick).not.toContain('…');
  await seller.close();

  // The customer accepts.
  const customer = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(customer, 'company.admin');
  await customer.goto('/v/#/quotes');
  const grid = customer.getByTestId('defined-grid-quotes');
  await waitForRows(grid);
  await grid.getByText(name).click();
  await expect(customer).toHaveURL(/#\/quotes\/\d+$/);
  await expect(customer.getByTestId('quote-accept')).toBeVisible();
  // The read-only quote: its validity as a date in words, the renewal stated.
  const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(`${validUntil}T00:00:00`));
  await expect(customer.getByTestId('quote-valid-until').locator('input')).toHaveValue(longDate);
  await expect(customer.getByTestId('lines-note')).toContainText('renews automatically at the end of its commitment');
  await shoot(customer, 'quote-customer-view', customer.getByTestId('quote-accept'));
  await customer.getByTestId('quote-accept').click();
  await customer.getByTestId('confirm-ok').click();
  await expect(customer.getByTestId('quote-status')).toHaveAttribute('data-status', 'Accepted');
  const order = customer.getByTestId('quote-order');
  await expect(order).toContainText('2');
  await expect(customer.getByTestId('quote-accept')).toHaveCount(0);
  await shoot(customer, 'quote-accepted', order);

  // The subscription with its provisioning request, and the quote's terms on its details.
  await customer.getByTestId('quote-order-subscription').click();
  await expect(customer).toHaveURL(/#\/account\/\d+\/provisioning$/);
  const requests = customer.getByTestId('defined-grid-provisioning');
  await waitForRows(requests);
  await expect(requests.locator('.ag-row').first()).toContainText('Pending');
  await shoot(customer, 'quote-subscription-provisioning', requests.locator('.ag-row').first());
  const subscriptionUrl = customer.url().replace(/\/provisioning$/, '');
  await customer.goto(subscriptionUrl);
  const details = customer.locator('main');
  await expect(details).toContainText(/Commitment period\s*Annual/, { timeout: 20_000 });
  await expect(details).toContainText(/At the end of the period\s*Renew automatically/);
  await expect(details).toContainText(/Currency\s*GBP/);
  await expect(details).toContainText('Agreed unit price');
  await shoot(customer, 'quote-subscription-terms', customer.getByText('Agreed unit price'));

  // The revenue report: this month's line for the new subscription.
  await customer.goto('/v/#/reports/revenue-by-service');
  await expect(customer.getByTestId('report-chart')).toBeVisible({ timeout: 20_000 });
  const table = customer.getByTestId('report-table');
  const thisMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  // The grid draws the rows in view; this month's are the last, so scroll down as a reader would.
  await expect(table.locator('.ag-row').first()).toBeVisible();
  await table.locator('.ag-row').first().hover();
  await customer.mouse.wheel(0, 100_000);
  await expect(table.locator('.ag-row', { hasText: firstProduct }).filter({ hasText: thisMonth })).not.toHaveCount(0);
  await expect(customer.getByTestId('report-legend')).toBeVisible();
  await shoot(customer, 'report-revenue', customer.getByTestId('report-legend'));
  await customer.getByTestId('report-revenue-by-month').click();
  await expect(customer.getByTestId('report-chart').locator('[data-series]')).not.toHaveCount(0);
  await expect(customer.getByTestId('frequent-reports')).toBeVisible();
  await customer.close();
});
