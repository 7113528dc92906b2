/**
 * README "Adding a product is editing data", done as the README says: a
 * layout file is written to a new folder, the server restarts with
 * PORTAL_LAYOUTS_DIR naming it, and the new product's form works in Chromium,
 * with no code change and no client build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { choose, SHOTS } from './account-support';

const root = resolve(import.meta.dirname, '../..');

const kubernetes = {
  $schema: 'https://cloud-marketplace.example/schemas/layout.schema.json',
  AccountType: 'Product',
  Products: ['Managed Kubernetes Cluster'],
  Actions: ['VIEW', 'EDIT', 'CREATE'],
  MetaRules: { MaxQuantity: 10 },
  Pages: [
    {
      Id: 1,
      Name: 'Cluster',
      Label: 'k8s.page',
      Containers: [
        {
          Name: 'Cluster',
          Label: 'k8s.section',
          Fields: [
            { Name: 'ClusterName', Label: 'k8s.name', Help: 'k8s.nameHelp', Required: ['CREATE'], ReadOnly: ['EDIT'], Pattern: '[a-z][a-z0-9-]{2,30}' },
            { Name: 'NodeCount', Label: 'k8s.nodes', Type: 'Integer', Minimum: 1, Maximum: 50, Default: 3 },
            { Name: 'KubernetesVersion', Label: 'k8s.version', Type: 'Enum', Options: [{ Value: '1.31', Label: 'k8s.v131' }, { Value: '1.32', Label: 'k8s.v132' }], Default: '1.32' },
          ],
        },
      ],
    },
  ],
  Texts: {
    en: {
      'k8s.page': 'Cluster',
      'k8s.section': 'Cluster settings',
      'k8s.name': 'Cluster name',
      'k8s.nameHelp': 'Lowercase letters, digits and hyphens',
      'k8s.nodes': 'Worker nodes',
      'k8s.version': 'Kubernetes version',
      'k8s.v131': 'Kubernetes 1.31',
      'k8s.v132': 'Kubernetes 1.32',
    },
  },
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

async function startPortal(env: Record<string, string>): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  };
  const started = Date.now();
  while (Date.now() - started < 150_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/v/`).then((response) => response.ok, () => false)) return { base, stop };
    await new Promise((wait) => setTimeout(wait, 500));
  }
  await stop();
  throw new Error('the server did not start');
}

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/v/#/login`);
  await page.getByTestId('login-username').fill('company.admin');
  await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('shell-user-name')).toBeVisible({ timeout: 30_000 });
}

test('a product added as a layout file works after a restart, without code', async ({ page }) => {
  test.setTimeout(300_000);
  const scratch = mkdtempSync(join(tmpdir(), 'forms-new-product-'));
  const extra = join(scratch, 'layouts');
  const env = { PORTAL_DATA_DIR: join(scratch, 'data'), PORTAL_LAYOUTS_DIR: [resolve(root, 'server/layouts'), extra].join(delimiter) };
  mkdirSync(extra);
  let portal = await startPortal(env);
  try {
    // Before: the product is ordered with the generic subscription form only.
    await signIn(page, portal.base);
    await page.goto(`${portal.base}/v/#/account/new/service?product=${encodeURIComponent('Managed Kubernetes Cluster')}`);
    await expect(page.getByTestId('form-panel-Subscription')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Cluster name' })).toHaveCount(0);
    await portal.stop();

    writeFileSync(join(extra, 'kubernetes.json'), JSON.stringify(kubernetes, null, 2));
    portal = await startPortal(env);
    await signIn(page, portal.base);
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
  } finally {
    await portal.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
});
