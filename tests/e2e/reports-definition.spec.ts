/**
 * Reports drawn from their definitions (issue 22): root.admin opens a report, sees
 * its chart and its table in the engine's grid; in the studio the same report is a
 * definition with a preview drawn the same way, and so is the reports screen's own definition. One sign-in for all of it.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './account-support';
import { SHOTS } from './shots';

test('a report drawn from its definition, and the same definition previewed in the studio', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'root.admin');
  await page.goto('/v/#/reports/subscriptions-by-product');
  const view = page.getByTestId('report-view');
  await expect(view.getByTestId('report-chart')).toBeVisible({ timeout: 20_000 });
  const rows = view.getByTestId('report-table').locator('.ag-row');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  for (const header of ['Product', 'Status', 'Count']) await expect(view.getByTestId('report-table').getByRole('columnheader', { name: header })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/report-definition-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/report-definition-390.png`, fullPage: true });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/v/#/studio?kind=report&name=revenue-by-month');
  const preview = page.getByTestId('studio-report-preview');
  await expect(preview.getByTestId('report-table').locator('.ag-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByTestId('report-chart')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/studio-report-preview-1440.png` });

  // The reports screen is a definition too: its preview lists the reports and runs the one chosen there.
  await page.goto('/v/#/studio?kind=screen&name=reports');
  const screenPreview = page.getByTestId('studio-screen-preview');
  await screenPreview.getByTestId('report-revenue-by-month').click();
  await expect(screenPreview.getByTestId('report-view').getByRole('heading', { name: 'Revenue per month' })).toBeVisible({ timeout: 20_000 });
  await expect(screenPreview.getByTestId('report-table').locator('.ag-row').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/studio-reports-screen-preview-1440.png` });
});
