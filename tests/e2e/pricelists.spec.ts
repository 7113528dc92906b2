import { expect, test } from '@playwright/test';
import { cellOf, SHOTS, signInAs, waitForRows } from './grids-support';

/**
 * Issue 12 journey: a reseller creates a pricelist, adds services by
 * propagation, edits prices (inline and in bulk) and saves them after the
 * acknowledgement, watching the save complete, then adds a customer company.
 */
test('a reseller builds a pricelist: propagation, prices saved live, a customer', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'reseller.admin');
  await page.goto('/v/#/pricelists');
  const list = page.getByTestId('defined-grid-pricelists');
  await waitForRows(list);
  await expect(list).toContainText('Northwind Standard');
  await page.screenshot({ path: `${SHOTS}/marketplace-pricelists-1440.png` });

  // A new pricelist; creating it opens its propagation filters.
  await page.getByTestId('pricelists-create-open').click();
  await page.getByTestId('pricelists-create-marketplaceOffer.Name').fill('E2E Cloud Offer');
  await page.getByTestId('pricelists-create-marketplaceOffer.Description').fill('Relecloud services for the journey test');
  await page.getByTestId('pricelists-create-submit').click();
  await expect(page).toHaveURL(/#\/propagation\?marketplaceId=\d+/);
  const marketplaceId = Number(/marketplaceId=(\d+)/.exec(page.url())![1]);

  // One filter: every Relecloud service. The tag fields offer the catalogue's tags (nothing picked here).
  await page.getByTestId('propagation-add').click();
  await page.getByTestId('propagation-VendorAccountIds-0').click();
  await page.getByRole('option', { name: 'Relecloud' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('propagation-IncludedTags-0').fill('micro');
  await expect(page.getByRole('option', { name: 'microsoft' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/marketplace-propagation-tags-1440.png` });
  await page.getByTestId('propagation-IncludedTags-0').fill('');
  await page.keyboard.press('Escape');
  // Unsaved filters: the logo asks before leaving; continuing keeps them.
  await page.getByTestId('shell-logo').click();
  await expect(page.getByRole('dialog')).toContainText('Unsaved changes');
  await page.getByRole('button', { name: 'Continue editing' }).click();
  await expect(page).toHaveURL(/#\/propagation\?marketplaceId=/);
  await page.getByTestId('propagation-save').click();
  await expect(page.getByText('The filters were saved.')).toBeVisible();
  await page.getByTestId('propagation-preview').click();
  const preview = page.getByTestId('propagation-preview-result');
  await expect(preview).toContainText(/Services the filters add: \d+/);
  const added = Number(/add: (\d+)/.exec((await preview.textContent()) ?? '')![1]);
  expect(added).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/marketplace-propagation-preview-1440.png` });
  // Propagating asks first, naming how many services it adds, then says how many were added.
  await page.getByTestId('propagation-run').click();
  const confirmation = page.getByRole('dialog');
  await expect(confirmation).toContainText(`Services to add to “E2E Cloud Offer”: ${added}.`);
  await page.screenshot({ path: `${SHOTS}/marketplace-propagation-confirm-1440.png` });
  await confirmation.getByRole('button', { name: 'Propagate services' }).click();
  await expect(page.getByText(`Services added to the pricelist: ${added}`)).toBeVisible({ timeout: 60_000 });

  // Its prices: one edited in the cell, two set to a 25 % margin, saved after the acknowledgement.
  await page.getByTestId('propagation-open-prices').click();
  await expect(page).toHaveURL(new RegExp(`#/pricelists/${marketplaceId}/edit-prices`));
  // The prices grid is screen-definitions/screens/prices.json drawn by <DefinedGrid> (issue 22).
  const grid = page.getByTestId('defined-grid-prices');
  await expect(grid.locator('.ag-row[row-index="0"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(grid.getByTestId('grid-total')).toHaveText(`Rows: ${added}`);
  // A value the save would refuse stays in its cell as typed, marked, with the reason; the save waits.
  for (const [column, typed, reason] of [
    ['SalesPrice', 'abc', '“abc” is not a number.'],
    ['SuggestedRetailPrice', '99999999999999', 'A price can be at most 1,000,000,000.'],
  ] as const) {
    await cellOf(grid, 0, column).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(typed);
    await page.keyboard.press('Enter');
    await expect(cellOf(grid, 0, column)).toHaveText(typed);
    await expect(cellOf(grid, 0, column).getByTestId('cell-refused')).toHaveAttribute('title', reason);
    await expect(cellOf(grid, 0, column).getByTestId('cell-refused')).toHaveAttribute('aria-description', reason);
    await expect(page.getByTestId('prices-refused')).toContainText(reason);
  }
  await page.getByTestId('prices-acknowledge').check();
  await expect(page.getByTestId('prices-save')).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/marketplace-prices-refused-1440.png` });
  // Leaving with unsaved edits asks: "← Pricelists" and the logo alike.
  await page.getByRole('button', { name: 'Pricelists', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Unsaved changes');
  await page.screenshot({ path: `${SHOTS}/marketplace-prices-leave-1440.png` });
  await page.getByRole('button', { name: 'Continue editing' }).click();
  await page.getByTestId('shell-logo').click();
  await page.getByRole('button', { name: 'Continue editing' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pricelists/${marketplaceId}/edit-prices`));
  await expect(cellOf(grid, 0, 'SalesPrice')).toHaveText('abc');
  // Reverted: both cells show their prices again.
  await page.getByTestId('prices-refused').getByRole('button', { name: 'Revert' }).first().click();
  await page.getByTestId('prices-refused').getByRole('button', { name: 'Revert' }).first().click();
  await expect(page.getByTestId('prices-refused')).toHaveCount(0);
  await expect(page.getByTestId('prices-changes')).toHaveText('Unsaved changes: 0');
  await page.getByTestId('prices-acknowledge').uncheck();
  await cellOf(grid, 0, 'SalesPrice').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('99.5');
  await page.keyboard.press('Enter');
  await expect(cellOf(grid, 0, 'SalesPrice')).toContainText('99.50');
  await grid.locator('.ag-row[row-index="1"] .ag-selection-checkbox input').first().check();
  await grid.locator('.ag-row[row-index="2"] .ag-selection-checkbox input').first().check();
  // A bulk edit with a parameter: its dialog asks for the margin and names the number of rows.
  await page.getByTestId('prices-bulk-setMargin').click();
  const bulkDialog = page.getByTestId('grid-bulk-edit-dialog');
  await expect(bulkDialog.getByTestId('grid-bulk-edit-text')).toContainText('selected rows: 2');
  await bulkDialog.getByTestId('prices-param-margin').fill('100');
  await expect(bulkDialog).toContainText('The value can be at most 99.99.');
  await expect(bulkDialog.getByTestId('grid-bulk-edit-apply')).toBeDisabled();
  await bulkDialog.getByTestId('prices-param-margin').fill('25');
  await page.screenshot({ path: `${SHOTS}/marketplace-prices-bulk-1440.png` });
  await bulkDialog.getByTestId('grid-bulk-edit-apply').click();
  await expect(bulkDialog).toHaveCount(0);
  // 25 % of a price rounded to cents: within a few hundredths.
  await expect(cellOf(grid, 1, 'Margin')).toHaveText(/^2(4\.9\d|5(\.0\d)?)%$/);
  await expect(cellOf(grid, 2, 'Margin')).toHaveText(/^2(4\.9\d|5(\.0\d)?)%$/);
  await expect(page.getByTestId('prices-changes')).toHaveText('Unsaved changes: 3');
  await expect(page.getByTestId('prices-save')).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/marketplace-prices-edited-1440.png` });
  await page.getByTestId('prices-acknowledge').check();
  await page.getByTestId('prices-save').click();
  await expect(page.getByText('The changes were saved.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('prices-changes')).toHaveText('Unsaved changes: 0');
  await expect(cellOf(grid, 0, 'SalesPrice')).toContainText('99.50');
  await expect(cellOf(grid, 1, 'Margin')).toHaveText(/^2(4\.9\d|5(\.0\d)?)%$/);
  await page.screenshot({ path: `${SHOTS}/marketplace-prices-saved-1440.png` });

  // A customer company for it (screen-definitions/screens/pricelist-customers.json: its add panel and grid, issue 22).
  await page.goto(`/v/#/add-to-pricelist?marketplaceId=${marketplaceId}`);
  await page.getByTestId('pricelist-customers-add-picker').getByRole('combobox').fill('Fabri');
  await page.getByRole('option', { name: /Fabrikam Inc/ }).click();
  await expect(page.getByTestId('pricelist-customers-add-chosen')).toContainText('Fabrikam Inc');
  await page.getByTestId('pricelist-customers-add-submit').click();
  await expect(page.getByText('Customers added: 1.')).toBeVisible();
  await expect(page.getByTestId('defined-grid-pricelist-customers')).toContainText('Fabrikam Inc');
  await page.screenshot({ path: `${SHOTS}/marketplace-add-customer-1440.png` });

  // The list counts what was done.
  await page.goto('/v/#/pricelists');
  await waitForRows(list);
  const row = list.locator('.ag-row', { hasText: 'E2E Cloud Offer' }).first();
  await expect(row).toContainText(String(added));
  await page.screenshot({ path: `${SHOTS}/marketplace-pricelists-after-1440.png` });

  // Its priority: dragged from last to first place (the others keep their order), saved.
  await page.getByTestId('pricelists-priorities-open').click();
  const priorities = page.getByTestId('pricelists-priorities-list');
  const items = priorities.locator('li[data-testid^="pricelists-priorities-"]');
  await expect(items.last()).toContainText('E2E Cloud Offer');
  const before = (await items.allInnerTexts()).map((text) => text.replace(/^\d+\.\s*/, '').split('\n')[0]);
  await page.getByTestId(`pricelists-priorities-${marketplaceId}`).dragTo(items.first());
  await expect(items.first()).toContainText('1. E2E Cloud Offer');
  await page.screenshot({ path: `${SHOTS}/marketplace-priorities-dragged-1440.png` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The priorities were saved.')).toBeVisible();
  // Messages shown together stack one above the other, each as wide as the stack (polled: an
  // earlier message may still be sliding in or out while it is drawn narrower).
  const stackProblems = async () => {
    const boxes = await page.getByTestId('message').evaluateAll((alerts) => alerts.map((alert) => alert.getBoundingClientRect().toJSON() as DOMRect));
    return boxes.flatMap((box, index) => [
      ...(box.width > 300 ? [] : [`message ${index} is ${box.width} px wide`]),
      ...(index === 0 || box.top >= boxes[index - 1].bottom ? [] : [`message ${index} overlaps the one before`]),
    ]);
  };
  await expect.poll(stackProblems).toEqual([]);
  const saved = await page.evaluate(async () => {
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch('/DataModel/service.svc/rest/Marketplace/ListMarketplaces', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) }, body: '{}' });
    return (await response.json()) as { Name: string; PricePriority: number }[];
  });
  const order = [...saved].sort((a, b) => a.PricePriority - b.PricePriority).map((pricelist) => pricelist.Name);
  expect(order).toEqual(['E2E Cloud Offer', ...before.filter((name) => name !== 'E2E Cloud Offer')]);
});

/** Issue 21: root reaches a pricelist of a reseller below it, so its prices screen shows it without a "not yours" warning. */
test("root opens a reseller's pricelist prices without a contradiction", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'root.admin');
  // Pricelist 4 of the demo data: Northwind Partner UK, Northwind Cloud's.
  await page.goto('/v/#/pricelists/4/edit-prices');
  await expect(page.getByTestId('prices-title')).toHaveText('Prices of Northwind Partner UK');
  await expect(page.getByTestId('defined-grid-prices').getByTestId('grid-total')).toHaveText(/Rows: [1-9]\d*/, { timeout: 20_000 });
  await expect(page.getByTestId('prices-not-found')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/marketplace-prices-root-1440.png` });
});

/** The page's frame is the definition's: a company without pricelists is told so; a pricelist out of reach is named so. */
test('a company without pricelists is told so', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'company.admin');
  await page.goto('/v/#/pricelists');
  await expect(page.getByTestId('pricelists-none')).toContainText('Your company has no pricelists to manage.');
  await expect(page.getByTestId('defined-grid-pricelists')).toHaveCount(0);
  await expect(page.getByTestId('pricelists-priorities-open')).toHaveCount(0);
});

test('a pricelist out of reach is said to be, under the way back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'reseller.admin');
  await page.goto('/v/#/pricelists/99999/edit-prices');
  await expect(page.getByTestId('prices-not-found')).toHaveText('This pricelist does not exist or is not yours.');
  await expect(page.getByTestId('prices-title')).toHaveText('Prices of ');
  await page.getByTestId('prices-back').click();
  await expect(page).toHaveURL(/#\/pricelists$/);
});
