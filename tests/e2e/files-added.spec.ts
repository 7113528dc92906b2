/**
 * Adding screens is adding files (README "Adding a product is editing data"), in Chromium with no code
 * change and no client build: a list screen from a definition written to a new folder
 * (PORTAL_DEFINITIONS_DIR), and a product's form from a layout file written to a second layouts folder
 * (PORTAL_LAYOUTS_DIR) and picked up by a restart. One portal of its own (started once, restarted once on
 * its seeded folder) serves both: cold starts are the costliest part of the end-to-end suite. The rules
 * (served as on disk, saved, refused when broken) are API tests: definitions-check, account-layout-folders.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { kubernetes } from '../support/kubernetes-layout';
import { choose } from './account-support';
import { startPortal, type Portal } from './portal-instance';
import { cellOf, SHOTS, signInAs, totalOf, waitForRows } from './grids-support';

const root = resolve(import.meta.dirname, '../..');

const definition = {
  $schema: './screen-definition.schema.json',
  id: 'account-requests',
  title: { en: 'Requests of one account', de: 'Anfragen eines Kontos' },
  access: { anyOf: [{ objectType: 'FAILED_PROVISIONING', flag: 'Read' }] },
  dataSource: {
    service: 'Provisioning',
    method: 'GetAccountProvisioningRequests',
    params: { accountId: { context: 'accountId' } },
    paging: { mode: 'client', rowsPath: 'Rows' },
    rowId: 'Id',
  },
  columns: [
    { field: 'OrderId', label: { en: 'Order' }, type: 'text', sortable: true },
    { field: 'OrderStatus', label: { en: 'State' }, type: 'status', sortable: true, status: { colors: { Failed: 'error', Completed: 'success' } } },
    { field: 'AccountName', label: { en: 'Product' }, type: 'link', link: { to: 'account', idField: 'AccountId' } },
    { field: 'CreationDate', label: { en: 'Since' }, type: 'date', sortable: true },
  ],
  defaultSort: [{ field: 'OrderId', direction: 'asc' }],
  filters: [{ field: 'OrderStatus', label: { en: 'State' }, input: 'select', options: [{ value: 'Failed', label: { en: 'Failed only' } }] }],
};

async function signInCompanyAdmin(page: Page, base: string) {
  await page.goto(`${base}/v/#/login`);
  await page.getByTestId('login-username').fill('company.admin');
  await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('shell-user-name')).toBeVisible({ timeout: 30_000 });
}

test.describe.configure({ mode: 'serial' });

// Made in beforeAll: the runner also loads this file to list its tests.
let scratch = '';
let layoutsDir = '';
let env: Record<string, string> = {};
let portal: Portal;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  scratch = mkdtempSync(join(tmpdir(), 'files-added-'));
  layoutsDir = join(scratch, 'layouts');
  const definitionsDir = join(scratch, 'definitions');
  env = {
    PORTAL_DATA_DIR: join(scratch, 'data'),
    PORTAL_LAYOUTS_DIR: [resolve(root, 'screen-definitions/layouts'), layoutsDir].join(delimiter),
    PORTAL_DEFINITIONS_DIR: definitionsDir,
  };
  mkdirSync(layoutsDir);
  // The shipped screens beside the new one: the account layouts' tabs name some of them
  // (a layout naming a screen the folder lacks is refused, and with it every layout).
  cpSync(resolve(root, 'screen-definitions/screens'), definitionsDir, { recursive: true });
  writeFileSync(join(definitionsDir, 'account-requests.json'), JSON.stringify(definition, null, 2));
  portal = await startPortal(env);
});

test.afterAll(async () => {
  await portal?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('a definition written to a new folder is a working list screen', async ({ page }) => {
  await signInAs(page, 'root.admin', portal.base);
  // Contoso Ltd (account 6) and the accounts below it; the query string is the screen's context.
  await page.goto(`${portal.base}/v/#/list/account-requests?accountId=6`);
  const grid = page.getByTestId('defined-grid-account-requests');
  await waitForRows(grid);
  await expect(grid.getByRole('heading', { level: 1 })).toHaveText('Requests of one account');
  await expect(grid.locator('.ag-header-cell[col-id="OrderStatus"]')).toContainText('State');
  const all = await totalOf(grid);
  expect(all).toBeGreaterThan(3);
  // Sorted in the browser (client paging): the first order id is the smallest.
  const first = await cellOf(grid, 0, 'OrderId').textContent();
  const second = await cellOf(grid, 1, 'OrderId').textContent();
  expect((first ?? '').localeCompare(second ?? '', undefined, { numeric: true })).toBeLessThanOrEqual(0);
  await expect(cellOf(grid, 0, 'AccountName').getByRole('link')).toHaveAttribute('href', /#\/account\/\d+/);

  // Its filter form works too.
  await grid.getByTestId('grid-filters-toggle').click();
  await grid.getByTestId('grid-filter-OrderStatus').click();
  await page.getByRole('option', { name: 'Failed only' }).click();
  await grid.getByTestId('grid-filters-apply').click();
  await expect.poll(() => totalOf(grid)).toBeLessThan(all);
  await expect(cellOf(grid, 0, 'OrderStatus')).toHaveText('Failed');
  await page.screenshot({ path: `${SHOTS}/grids-definition-folder-1280.png` });

  // A name without a file is reported, not a blank page.
  await page.goto(`${portal.base}/v/#/list/nothing-here`);
  await expect(page.getByTestId('definition-error')).toHaveText('There is no list screen named "nothing-here".');
});

test('a product added as a layout file works after a restart, without code', async ({ page }) => {
  test.setTimeout(240_000);
  // Before: the product is ordered with the generic subscription form only.
  await signInCompanyAdmin(page, portal.base);
  await page.goto(`${portal.base}/v/#/account/new/service?product=${encodeURIComponent('Managed Kubernetes Cluster')}`);
  await expect(page.getByTestId('form-panel-Subscription')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cluster name' })).toHaveCount(0);
  await portal.stop();

  writeFileSync(join(layoutsDir, 'kubernetes.json'), JSON.stringify(kubernetes, null, 2));
  portal = await startPortal(env);
  await signInCompanyAdmin(page, portal.base);
  await page.goto(`${portal.base}/v/#/account/new/service`);
  await choose(page, 'Service to order', 'Managed Kubernetes Cluster', 'Kubernetes');
  await page.getByTestId('product-continue').click();
  await expect(page.getByRole('region', { name: 'Cluster settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Worker nodes' })).toHaveValue('3');
  const name = page.getByRole('textbox', { name: 'Cluster name' });
  await name.fill('Prod EU');
  await name.blur();
  await expect(page.getByTestId('field-ClusterName')).toContainText('The format is invalid.');
  await name.fill('prod-eu');
  await page.getByRole('combobox', { name: 'Kubernetes version' }).selectOption({ label: 'Kubernetes 1.31' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/account-new-product-form.png`, fullPage: true });
  await page.getByTestId('form-save').click();
  await expect(page).toHaveURL(/#\/account\/\d+$/);
  await expect(page.getByTestId('account-name')).toHaveText('Managed Kubernetes Cluster');
  await expect(page.getByTestId('value-ClusterName')).toHaveText('prod-eu');
  await expect(page.getByTestId('value-KubernetesVersion')).toHaveText('Kubernetes 1.31');
  await page.screenshot({ path: `${SHOTS}/account-new-product-view.png`, fullPage: true });
});
