import { expect, test } from '@playwright/test';
import { cellOf, SHOTS, signInAs, totalOf, waitForRows } from './grids-support';

test.describe('provisioning grid', () => {
  test('root.admin retries 3 failed requests in bulk; the dialog names the count', async ({ page }) => {
    // Many steps against a fresh server on a shared machine.
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'root.admin');
    await page.goto('/v/#/provisioning');
    const grid = page.getByTestId('defined-grid-provisioning');
    await waitForRows(grid);
    await expect(grid.getByRole('heading', { level: 1 })).toHaveText('Provisioning');

    // Only the failed requests.
    await grid.getByTestId('grid-filters-toggle').click();
    await grid.getByTestId('grid-filter-OrderStatus').click();
    await page.getByRole('option', { name: /^Failed/ }).click();
    await page.keyboard.press('Escape');
    await grid.getByTestId('grid-filters-apply').click();
    await expect(cellOf(grid, 0, 'OrderStatus')).toHaveText('Failed');
    const failedBefore = await totalOf(grid);
    expect(failedBefore).toBeGreaterThanOrEqual(3);

    // Select three rows with their checkboxes, then scroll: the selection stays.
    for (const index of [0, 1, 2]) await grid.locator(`.ag-row[row-index="${index}"] .ag-selection-checkbox input`).first().check();
    await expect(grid.getByTestId('grid-selected-count')).toHaveText('Selected: 3');
    await page.screenshot({ path: `${SHOTS}/provisioning-selection-1440.png` });

    await grid.getByTestId('grid-bulk-retry').click();
    const dialog = page.getByTestId('grid-action-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('grid-action-text')).toHaveText('Send these requests to the vendor again? Selected requests: 3.');
    await page.screenshot({ path: `${SHOTS}/provisioning-bulk-dialog-1440.png` });
    await page.getByTestId('grid-action-confirm').click();

    await expect(page.getByText('Retry: done for 3.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(grid.getByTestId('grid-selection-bar')).toBeHidden();
    // The list reloads: three fewer failed requests.
    await expect.poll(() => totalOf(grid)).toBe(failedBefore - 3);
  });

  test('shows a request in the detail panel with its response history, light and dark', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'root.admin');
    await page.goto('/v/#/provisioning');
    const grid = page.getByTestId('defined-grid-provisioning');
    await waitForRows(grid);
    await page.screenshot({ path: `${SHOTS}/provisioning-light-1440.png` });

    // Keyboard: focus a cell, Enter opens the details.
    await cellOf(grid, 0, 'OrderStatus').click();
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('grid-detail');
    await expect(detail).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Provisioning request' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/provisioning-detail-1440.png` });
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // The stored theme choice (src/theme), as the shell's toggle leaves it.
    await page.evaluate(() => localStorage.setItem('themeMode', 'dark'));
    await page.reload();
    await waitForRows(grid);
    await expect(grid.locator('.ag-root-wrapper')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
    await page.screenshot({ path: `${SHOTS}/provisioning-dark-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/provisioning-dark-390.png` });
    await page.evaluate(() => localStorage.setItem('themeMode', 'light'));
  });

  test('sorting by a column asks the server and keeps the layout for the next visit', async ({ page }) => {
    test.slow();
    await signInAs(page, 'root.admin');
    await page.goto('/v/#/provisioning');
    const grid = page.getByTestId('defined-grid-provisioning');
    await waitForRows(grid);
    await grid.locator('.ag-header-cell[col-id="OrderStatus"] .ag-header-cell-label').click();
    await expect(cellOf(grid, 0, 'OrderStatus')).toHaveText('Cancelled');
    await page.reload();
    await waitForRows(grid);
    await expect(grid.locator('.ag-header-cell[col-id="OrderStatus"]')).toHaveAttribute('aria-sort', 'ascending');
  });

  test("limited to an account (what the account tab shows), only that account's requests", async ({ page }) => {
    test.slow();
    await signInAs(page, 'root.admin');
    // ProvisioningTab passes the account id as context, as this route passes ?accountId.
    await page.goto('/v/#/list/provisioning?accountId=6');
    const grid = page.getByTestId('defined-grid-provisioning');
    await waitForRows(grid);
    const total = await totalOf(grid);
    expect(total).toBeGreaterThan(0);
    for (let index = 0; index < Math.min(total, 8); index++) await expect(cellOf(grid, index, 'CompanyName')).toHaveText('Contoso Ltd');
  });

  test('is refused to a user without a provisioning capability', async ({ page }) => {
    await signInAs(page, 'basic.user');
    await page.goto('/v/#/provisioning');
    await expect(page).toHaveURL(/#\/$/);
  });
});
