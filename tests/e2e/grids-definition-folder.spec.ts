/**
 * A new list screen from a definition file alone: the file is written to a
 * fresh folder, a server is started on it (PORTAL_DEFINITIONS_DIR), and the
 * screen works at /list/<name> in Chromium: no code, no client build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
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

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess) {
  const started = Date.now();
  while (Date.now() - started < 150_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/v/`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error('the server did not start');
}

test('a definition written to a new folder is a working list screen', async ({ page }) => {
  test.setTimeout(240_000);
  const scratch = mkdtempSync(join(tmpdir(), 'grids-definition-'));
  const definitionsDir = join(scratch, 'definitions');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  mkdirSync(definitionsDir);
  writeFileSync(join(definitionsDir, 'account-requests.json'), JSON.stringify(definition, null, 2));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTAL_DATA_DIR: join(scratch, 'data'), PORTAL_DEFINITIONS_DIR: definitionsDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitUntilUp(base, server);
    await signInAs(page, 'root.admin', base);
    // Contoso Ltd (account 6) and the accounts below it; the query string is the screen's context.
    await page.goto(`${base}/v/#/list/account-requests?accountId=6`);
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
    await page.goto(`${base}/v/#/list/nothing-here`);
    await expect(page.getByTestId('definition-error')).toHaveText('There is no list screen named "nothing-here".');
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode !== null ? done(undefined) : server.once('exit', done)));
    rmSync(scratch, { recursive: true, force: true });
  }
});
