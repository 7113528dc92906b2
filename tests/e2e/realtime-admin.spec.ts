/**
 * The live connection end to end: an admin (root.admin) acts in the admin
 * console, another signed-in browser (company.admin) sees the effect without
 * reloading or signing in again.
 *
 * Maintenance and capability changes reach every signed-in user, so this file
 * runs against its own server and database instead of the shared e2e server
 * (other files' users would see the notices and lose capabilities).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { SHOTS } from './shots';

// Two browsers, a server of its own and many steps: more than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const root = resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT ?? '8391';
const dataDir = resolve(root, `.tmp/e2e-realtime-data-${port}`);
const clientDir = resolve(root, `.tmp/e2e-realtime-client-${port}`);
const shots = resolve(root, SHOTS);

let server: ChildProcess | undefined;
let baseUrl = '';

/** Starts `server/main.ts` on a free port over fresh demo data and a private copy of the built client. */
async function startOwnServer(): Promise<string> {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(clientDir, { recursive: true, force: true });
  // Another build of dist/client during the test must not swap the chunks under the browser.
  cpSync(resolve(root, 'dist/client'), clientDir, { recursive: true });
  mkdirSync(shots, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, PORTAL_CLIENT_DIR: clientDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  return new Promise((resolveUrl, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Portal ready at (http:\/\/\S+?)\/v\//.exec(output);
      if (ready) resolveUrl(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  baseUrl = await startOwnServer();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(clientDir, { recursive: true, force: true });
});

async function signIn(browser: Browser, userName: string, options: { fakeClock?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  if (options.fakeClock) await page.clock.install();
  await page.goto(`${baseUrl}/v/#/login`);
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(DEFAULT_DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('shell-user-name')).toBeVisible();
  return page;
}

/** A service client signed in as a demo user (cookies and XSRF like the browser). */
async function apiAs(userName: string): Promise<{ call: <T>(service: string, method: string, body?: object) => Promise<T>; dispose(): Promise<void> }> {
  const context: APIRequestContext = await request.newContext({ baseURL: baseUrl });
  await context.get('/v/');
  const call = async <T,>(service: string, method: string, body: object = {}): Promise<T> => {
    const xsrf = (await context.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await context.post(`/DataModel/service.svc/rest/${service}/${method}`, { data: body, headers: { 'X-XSRF-TOKEN': xsrf } });
    expect(response.status(), `${service}/${method}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  };
  await call('Authorization', 'Authenticate', { userName, password: DEFAULT_DEMO_PASSWORD });
  return { call, dispose: () => context.dispose() };
}

/** Waits until the server counts this many signed-in live connections (the admin's metadata section). */
async function waitForLiveConnections(admin: Page, count: number): Promise<void> {
  await admin.goto(`${baseUrl}/v/#/admin-console/GetMetadata`);
  const signedIn = admin.getByTestId('admin-metadata-realtime').locator('dd').nth(1);
  await expect(async () => {
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await expect(signedIn).toHaveText(String(count), { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test('a maintenance countdown from the admin console reaches another signed-in browser, cannot be closed under 60 s, and the page reloads after it begins', async ({ browser }) => {
  const admin = await signIn(browser, 'root.admin');
  const user = await signIn(browser, 'company.admin', { fakeClock: true });
  await waitForLiveConnections(admin, 2);
  await admin.screenshot({ path: `${shots}/admin-console-metadata.png`, fullPage: true });

  await admin.getByTestId('admin-tab-ScheduleMaintenance').click();
  const notice = user.getByTestId('message').filter({ hasText: 'down for maintenance' });

  // Over a minute: a minutes notice the user may close.
  await admin.getByTestId('maintenance-amount').fill('3');
  await admin.getByTestId('maintenance-submit').click();
  await expect(notice).toContainText('in 3 minutes', { timeout: 15_000 });
  await expect(notice.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(admin.getByTestId('maintenance-state')).toContainText('Maintenance begins at');
  await admin.screenshot({ path: `${shots}/admin-console-maintenance.png`, fullPage: true });

  // 30 seconds: replaces it, counts seconds, no close button. How soon it arrives (goal: within 2 s)
  // is measured by `npm run bench -- timings` (maintenanceNotice); here the page's own clock runs on
  // while it waits, so the countdown is read from the screen: 30 less the seconds that passed, however many.
  await admin.getByTestId('maintenance-amount').fill('30');
  await admin.getByRole('combobox', { name: 'Unit' }).click();
  await admin.getByRole('option', { name: 'seconds' }).click();
  const asked = Date.now();
  await admin.getByTestId('maintenance-submit').click();
  await expect(notice).toContainText(/in \d+ seconds/, { timeout: 30_000 });
  const shown = Number(/in (\d+) seconds/.exec((await notice.textContent()) ?? '')![1]);
  expect(shown).toBeGreaterThanOrEqual(30 - Math.ceil((Date.now() - asked) / 1000) - 1);
  expect(shown).toBeLessThanOrEqual(30);
  await expect(notice).toHaveCount(1);
  await expect(notice.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await user.screenshot({ path: `${shots}/realtime-maintenance-seconds.png` });

  // Time passes in the receiving page only: the countdown runs down to 15, then maintenance is ongoing.
  await user.clock.fastForward(Math.max(0, shown - 15) * 1000);
  await expect(notice).toContainText(/in (1[0-5]|\d) seconds/);
  await user.clock.fastForward(16_000);
  const ongoing = user.getByTestId('message').filter({ hasText: 'Maintenance is in progress' });
  await expect(ongoing).toBeVisible();
  await expect(ongoing.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await user.screenshot({ path: `${shots}/realtime-maintenance-ongoing.png` });

  // 60 s after it began the page reloads (it began about a second ago, page time).
  await user.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await user.clock.fastForward(50_000);
  expect(await user.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBe(true);
  const reloaded = user.waitForEvent('load');
  await user.clock.fastForward(10_000);
  await reloaded;
  expect(await user.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  await expect(user.getByTestId('shell-user-name')).toBeVisible();

  // Ending maintenance removes the notice everywhere.
  await admin.getByTestId('maintenance-choice-off').click();
  await admin.getByTestId('maintenance-submit').click();
  await expect(user.getByTestId('message').filter({ hasText: /maintenance/i })).toHaveCount(0, { timeout: 15_000 });
  await expect(admin.getByTestId('maintenance-state')).toHaveText('No maintenance is announced.');

  // A broadcast message shows as a toast.
  await admin.getByTestId('admin-tab-SendMessage').click();
  await admin.getByTestId('message-text').fill('The portal restarts at 18:00.');
  await admin.getByTestId('message-submit').click();
  await expect(user.getByTestId('message').filter({ hasText: 'The portal restarts at 18:00.' })).toBeVisible({ timeout: 15_000 });
  await admin.screenshot({ path: `${shots}/admin-console-message.png` });
  await user.screenshot({ path: `${shots}/realtime-message-toast.png` });

  await admin.context().close();
  await user.context().close();
});

test('a capability removed by an admin in the Security section takes effect without signing out', async ({ browser }) => {
  // Give company.admin the admin console through an extra role (root.admin holds ADMINISTRATIVE and may grant it).
  const rootApi = await apiAs('root.admin');
  const companyApi = await apiAs('company.admin');
  const me = await companyApi.call<{ UserAccountId: number; CompanyAccount: { AccountId: number } }>('Authorization', 'GetCurrentUser');
  const contoso = me.CompanyAccount.AccountId;
  const set = await rootApi.call<{ Id: number }>('Security', 'AddCapabilitySet', {
    ownerCompanyId: contoso,
    capabilitySet: { Name: 'Console viewers', IsTemplate: false, Capabilities: [{ ObjectType: 'ADMINISTRATIVE', Read: true }] },
  });
  const role = await rootApi.call<{ Id: number }>('Security', 'AddRole', { ownerCompanyId: contoso, role: { Name: 'Console viewer', CapabilitySetIds: [set.Id] } });
  const held = await rootApi.call<{ Id: number }[]>('Security', 'GetRolesForUser', { accountId: me.UserAccountId });
  await rootApi.call('Security', 'SetRolesForUser', { accountId: me.UserAccountId, roleIds: [...held.map((entry) => entry.Id), role.Id] });
  await Promise.all([rootApi.dispose(), companyApi.dispose()]);

  const user = await signIn(browser, 'company.admin');
  await user.goto(`${baseUrl}/v/#/admin-console/ScheduleMaintenance`);
  await expect(user.getByTestId('admin-maintenance')).toBeVisible();
  await expect(user.getByText('You can view this but not change it')).toBeVisible();
  await expect(user.getByTestId('maintenance-submit')).toBeDisabled();
  await user.screenshot({ path: `${shots}/admin-console-read-only.png` });

  const admin = await signIn(browser, 'root.admin');
  await waitForLiveConnections(admin, 2);
  await admin.getByTestId('admin-tab-Security').click();
  await admin.getByTestId('security-account').fill('Contoso');
  await admin.getByRole('option', { name: /^Contoso Ltd/ }).click();
  const sets = admin.getByTestId('capability-sets');
  await expect(sets.getByText('Console viewers')).toBeVisible();
  await admin.screenshot({ path: `${shots}/admin-console-security.png`, fullPage: true });
  await sets.locator('.ag-row', { hasText: 'Console viewers' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { name: 'Administration Read' })).toBeChecked();
  await admin.screenshot({ path: `${shots}/admin-console-capability-set-dialog.png` });
  await dialog.getByRole('checkbox', { name: 'Administration Read' }).uncheck();

  const refetched = user.waitForResponse((response) => response.url().endsWith('/Authorization/GetCurrentUser'));
  await dialog.getByTestId('capability-sets-set-save').click();
  await expect(dialog).toBeHidden();
  // The other browser fetched its user again and its guard refused the console: back to the start page, still signed in.
  await refetched;
  await expect(user.getByTestId('home-welcome')).toBeVisible({ timeout: 15_000 });
  await expect(user).toHaveURL(/#\/$/);
  await expect(user.getByTestId('shell-user-name')).toBeVisible();
  await user.goto(`${baseUrl}/v/#/admin-console`);
  await expect(user.getByTestId('home-welcome')).toBeVisible();
  await expect(user.getByTestId('admin-console')).toHaveCount(0);

  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto(`${baseUrl}/v/#/admin-console/ScheduleMaintenance`);
  await expect(admin.getByTestId('admin-maintenance')).toBeVisible();
  await admin.screenshot({ path: `${shots}/admin-console-phone.png`, fullPage: true });

  await admin.context().close();
  await user.context().close();
});
