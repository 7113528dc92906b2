/** Helpers of the grid end-to-end tests (provisioning-*.spec.ts, grids-*.spec.ts). */
import { expect, type Locator, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';

export { SHOTS } from './shots';

/** Signs in through the form at `baseUrl` (default: the configured one) and waits for the shell. */
export async function signInAs(page: Page, userName: string, baseUrl = '') {
  await page.goto(`${baseUrl}/v/#/login`);
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('shell-user-name')).toBeVisible();
}

/** One cell of the grid (AG Grid renders a row once per pinned section; a column's cell is in one of them). */
export const cellOf = (grid: Locator, rowIndex: number, colId: string) => grid.locator(`.ag-row[row-index="${rowIndex}"] [col-id="${colId}"]`);

/** Waits until the grid shows loaded rows and its total. */
export async function waitForRows(grid: Locator) {
  // The first page of a fresh server (cold caches, a busy machine) may take a while.
  await expect(grid.locator('.ag-row[row-index="0"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(grid.getByTestId('grid-total')).toHaveText(/\d/);
}

/** The number in the grid's total line ("Rows: 1,234"). */
export async function totalOf(grid: Locator): Promise<number> {
  const text = (await grid.getByTestId('grid-total').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}
