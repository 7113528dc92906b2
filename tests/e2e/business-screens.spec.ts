import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { samplePdf } from '../support/sample-documents';
import { cellOf, SHOTS, waitForRows } from './grids-support';

/** Signs in through the form; a fresh browser context loads the app first, which takes a while on a busy machine. */
async function signInAs(page: Page, userName: string) {
  await page.goto('/v/#/login');
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('shell-user-name')).toBeVisible({ timeout: 20_000 });
}

/** A service call from the signed-in page (same cookies, XSRF token from the cookie). */
async function callApi<T>(page: Page, service: string, method: string, body: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`/DataModel/service.svc/rest/${service}/${method}`, { data: body, headers: { 'x-xsrf-token': xsrf } });
  expect(response.status(), `${service}/${method}`).toBe(200);
  return (await response.json()) as T;
}

const usersCsv = (tag: string, count: number) =>
  ['Firstname;Lastname;Email', ...Array.from({ length: count }, (_, index) => `Person${index + 1};${tag};${tag.toLowerCase()}.${index + 1}@e2e.example`)].join('\n');

test.describe('business screens', () => {
  // One after the other: the running import would slow the other screens' first loads on the embedded database.
  test.describe.configure({ mode: 'serial' });
  test('an uploaded import is watched to Completed with live progress', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'company.admin');
    await page.goto('/v/#/provisioning/my-imports');
    const grid = page.getByTestId('defined-grid-imports');
    await waitForRows(grid);
    await page.screenshot({ path: `${SHOTS}/business-imports-list-1440.png` });

    const rows = 300;
    await page.getByTestId('imports-upload-open').click();
    const dialog = page.getByTestId('imports-upload-dialog');
    await expect(dialog.getByTestId('imports-upload-importType-hint')).toContainText('Firstname, Lastname, Email');
    await page.getByTestId('imports-upload-file').setInputFiles({ name: 'e2e-users.csv', mimeType: 'text/csv', buffer: Buffer.from(usersCsv('Watch', rows)) });
    await expect(page.getByTestId('imports-upload-name')).toHaveValue('e2e-users');
    await expect(dialog.getByTestId('file-preview')).toContainText('First rows of the file (5 of 300)');
    await page.screenshot({ path: `${SHOTS}/business-imports-upload-1440.png` });
    // Every text the progress line shows, recorded in the page: sampling from here can miss a short run.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { progressSeen: seen });
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="grid-detail-field-ProcessedRows"]')?.textContent;
        if (text && text !== seen.at(-1)) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('imports-upload-submit').click();

    // The details open at once and follow the run.
    const details = page.getByTestId('grid-detail');
    await expect(details).toContainText('Import: e2e-users');
    const progress = page.getByTestId('grid-detail-field-ProcessedRows');
    await page.screenshot({ path: `${SHOTS}/business-imports-running-1440.png` });
    await expect(page.getByTestId('grid-detail-field-Status').locator('[data-status]')).toHaveAttribute('data-status', 'Completed', { timeout: 90_000 });
    await expect(progress).toHaveText(`${rows} of ${rows} rows processed · ${rows} imported · 0 errors`);
    // Live: the same page showed the run from before its end to its end, without a reload (a fast
    // run may finish between two updates, so counts in between are not required).
    const shown = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    const counts = shown.map((text) => Number(/^(\d+) of/.exec(text)?.[1] ?? -1));
    expect(counts.some((processed) => processed >= 0 && processed < rows), shown.join(' | ')).toBe(true);
    expect(counts.at(-1), shown.join(' | ')).toBe(rows);
    const accounts = page.getByTestId('defined-grid-import-accounts');
    await expect(cellOf(accounts, 0, 'Status')).toHaveText('Imported');
    await expect(cellOf(accounts, 0, 'AccountName')).toHaveText('Person1 Watch');
    await page.screenshot({ path: `${SHOTS}/business-imports-completed-1440.png` });

    // The list shows it completed too.
    await page.keyboard.press('Escape');
    await expect(grid.locator('.ag-row').filter({ hasText: 'e2e-users' }).first()).toContainText('Completed');

    // The list follows a run by itself: with the details closed at once, the new import's row still reaches Completed.
    await page.getByTestId('imports-upload-open').click();
    await page.getByTestId('imports-upload-file').setInputFiles({ name: 'e2e-later.csv', mimeType: 'text/csv', buffer: Buffer.from(usersCsv('Later', 20)) });
    await expect(page.getByTestId('imports-upload-name')).toHaveValue('e2e-later');
    await page.getByTestId('imports-upload-submit').click();
    await expect(page.getByTestId('grid-detail')).toContainText('Import: e2e-later');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('grid-detail')).toHaveCount(0);
    await expect(grid.locator('.ag-row').filter({ hasText: 'e2e-later' }).first()).toContainText('Completed', { timeout: 60_000 });
  });

  test('account.manager approves an order and its provisioning request appears', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'account.manager');
    await page.goto('/v/#/orders/request-review');
    const grid = page.getByTestId('defined-grid-credit-check-review');
    await waitForRows(grid);
    await page.screenshot({ path: `${SHOTS}/business-orders-review-1440.png` });

    // Open the first order, approve it from its panel (the definition's action and dialog).
    const orderId = Number(await cellOf(grid, 0, 'Id').first().textContent());
    await cellOf(grid, 0, 'ProductName').first().click();
    const panel = page.getByTestId('grid-detail');
    await expect(panel).toContainText(`Order ${orderId}`);
    await page.screenshot({ path: `${SHOTS}/business-orders-panel-1440.png` });
    await page.getByTestId('grid-row-action-approve').click();
    await expect(page.getByTestId('grid-action-text')).toHaveText('Approve these orders and start their provisioning? Selected orders: 1.');
    await page.getByTestId('grid-action-reason').fill('Payment history is good.');
    await page.getByTestId('grid-action-confirm').click();
    await expect(page.getByText('Approve: done for 1.')).toBeVisible();
    // No longer waiting for review.
    await expect(grid.locator(`.ag-row[row-id="${orderId}"]`)).toHaveCount(0);

    // The provisioning request of the approval is in the provisioning list, Pending.
    await page.goto('/v/#/provisioning');
    const provisioning = page.getByTestId('defined-grid-provisioning');
    await waitForRows(provisioning);
    await provisioning.getByTestId('grid-filters-toggle').click();
    await provisioning.getByTestId('grid-filter-OrderId').fill(`CC-${orderId}`);
    await provisioning.getByTestId('grid-filters-apply').click();
    await expect(cellOf(provisioning, 0, 'OrderId').first()).toHaveText(`CC-${orderId}`);
    await expect(cellOf(provisioning, 0, 'OrderStatus')).toHaveText('Pending');
    await page.screenshot({ path: `${SHOTS}/business-orders-provisioning-1440.png` });

    // The customer sees the order approved, with its request.
    const customer = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(customer, 'company.admin');
    await customer.goto('/v/#/orders/my-orders');
    const mine = customer.getByTestId('defined-grid-credit-check-orders');
    await waitForRows(mine);
    await customer.locator(`.ag-row[row-id="${orderId}"] [col-id="ProductName"]`).first().click();
    const orderPanel = customer.getByTestId('grid-detail');
    await expect(orderPanel).toContainText(`Order ${orderId}`);
    await expect(customer.locator('.MuiDrawer-paper')).toContainText('Approved');
    await expect(customer.locator('.MuiDrawer-paper')).toContainText(/Request \d+: Pending/);
    const download = customer.waitForEvent('download');
    await customer.getByTestId('grid-detail-button-invoicePdf').click();
    expect((await download).suggestedFilename()).toBe(`invoice-CC-${orderId}.pdf`);
    await customer.screenshot({ path: `${SHOTS}/business-orders-mine-1440.png` });
    await customer.close();
  });

  test('a custom charge is added and deleted', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'company.admin');
    const user = await callApi<{ CompanyAccount: { AccountId: number } }>(page, 'Authorization', 'GetCurrentUser', {});
    await page.goto(`/v/#/account/${user.CompanyAccount.AccountId}/custom-charges`);
    const grid = page.getByTestId('defined-grid-custom-charges');
    await waitForRows(grid);

    // The create form of custom-charges.json (test ids: custom-charges-add-{param}).
    const field = (param: string) => page.getByTestId(`custom-charges-add-customCharge.${param}`);
    await page.getByTestId('custom-charges-add-open').click();
    await field('Name').fill('E2E on-site visit');
    await field('Price').fill('-0');
    await expect(page.getByText('Enter a number other than zero.')).toBeVisible();
    await expect(page.getByTestId('custom-charges-add-submit')).toBeDisabled();
    await field('Price').fill('-45,50');
    await field('Cost').fill('0');
    await field('Attachment.Content').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await expect(page.getByText('File format not supported')).toBeVisible();
    await expect(page.getByTestId('custom-charges-add-submit')).toBeDisabled();
    await field('Attachment.Content').setInputFiles({ name: 'visit-report.pdf', mimeType: 'application/pdf', buffer: samplePdf('visit report') });
    await expect(page.getByTestId('custom-charges-add-dialog')).toContainText('visit-report.pdf');
    await page.screenshot({ path: `${SHOTS}/business-charges-add-1440.png` });
    await page.getByTestId('custom-charges-add-submit').click();
    await expect(page.getByText('The custom charge was added; it will be billed at the end of the month.')).toBeVisible();

    const row = grid.locator('.ag-row').filter({ hasText: 'E2E on-site visit' });
    await expect(row.first()).toBeVisible();
    await expect(grid.locator('.ag-row[row-index="0"] [col-id="Status"]')).toHaveText('Pending billing');
    await page.screenshot({ path: `${SHOTS}/business-charges-list-1440.png` });

    await row.first().locator('[col-id="Name"]').click();
    await expect(page.locator('.MuiDrawer-paper')).toContainText('visit-report.pdf');
    await page.getByTestId('grid-row-action-delete').click();
    await expect(page.getByTestId('grid-action-text')).toHaveText('Delete these charges? They will not be billed. Selected charges: 1.');
    await page.getByTestId('grid-action-confirm').click();
    await expect(page.getByText('Delete: done for 1.')).toBeVisible();
    await expect(row).toHaveCount(0);
    // Billed charges offer no delete.
    await grid.locator('.ag-row').filter({ hasText: 'Billed' }).first().locator('[col-id="Name"]').click();
    await expect(page.getByTestId('grid-detail')).toBeVisible();
    await expect(page.getByTestId('grid-row-action-delete')).toHaveCount(0);
  });

  test('the pricing preview follows the pricing model', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'reseller.admin');
    await page.goto('/v/#/pricing-rules');
    const grid = page.getByTestId('defined-grid-pricing-rules');
    await waitForRows(grid);

    // The search needs three characters; two are refused before any call.
    await page.getByTestId('pricing-rules-search').fill('ma');
    await expect(page.getByText('Enter at least 3 characters to search.')).toBeVisible();
    await page.getByTestId('pricing-rules-search').fill('');
    await expect(page.getByText('Enter at least 3 characters to search.')).toHaveCount(0);
    await expect(cellOf(grid, 0, 'Name').first()).not.toBeEmpty();
    // The columns fill the grid: no empty band on the right of a short definition on a wide screen.
    const band = async () => {
      const table = (await grid.locator('[role=grid],[role=treegrid]').first().boundingBox())!;
      const lastHeader = (await grid.getByRole('columnheader').last().boundingBox())!;
      return Math.round(table.x + table.width - (lastHeader.x + lastHeader.width));
    };
    await expect.poll(band).toBeLessThanOrEqual(2);
    await page.screenshot({ path: `${SHOTS}/business-pricing-list-1440.png` });

    await page.getByTestId('pricing-rules-rule-open').click();
    const editor = page.getByTestId('pricing-rules-rule');
    await page.getByTestId('pricing-rules-rule-Name').fill('E2E everything');
    const firstPrice = editor.getByTestId('pricing-rules-rule-preview-marked').first().getByTestId('pricing-rules-rule-preview-SalesPrice');
    await expect(editor.getByTestId('pricing-rules-rule-preview-summary')).toContainText(/This rule prices [1-9]\d* of/);
    const markup = await firstPrice.textContent();

    await page.getByTestId('pricing-rules-rule-PricingModel').click();
    await page.getByTestId('pricing-rules-rule-PricingModel-GrossMargin').click();
    await expect(firstPrice).not.toHaveText(markup ?? '');
    const margin = await firstPrice.textContent();
    await page.screenshot({ path: `${SHOTS}/business-pricing-preview-1440.png` });

    await page.getByTestId('pricing-rules-rule-PricingModel').click();
    await page.getByTestId('pricing-rules-rule-PricingModel-Static').click();
    await page.getByTestId('pricing-rules-rule-Value').fill('5');
    await expect(firstPrice).toHaveText(/5[.,]00/);
    expect(margin).not.toBe(await firstPrice.textContent());

    await page.getByTestId('pricing-rules-rule-save').click();
    await expect(page.getByText('The pricing rules were saved.')).toBeVisible();
    await expect(grid.locator('.ag-row').filter({ hasText: 'E2E everything' }).first()).toBeVisible();
  });
});
