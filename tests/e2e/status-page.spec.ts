/**
 * The public status page (issue 38) on a portal of its own over a PostgreSQL database this test
 * stops: everything "Working" first; once the database refuses connections, the page says the
 * portal is degraded and the database down — without signing in, in the user's language.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startPortal, type Portal } from './portal-instance';
import { SHOTS } from './shots';

test.describe.configure({ mode: 'serial' });

const adminUrl = process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `portal_status_e2e_${process.pid}`;
let portal: Portal | undefined;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Stops the database for the portal: no new connections, the open ones ended. */
const stopDatabase = () =>
  admin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`).then(() =>
    admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}'`),
  );

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  portal = await startPortal({ DATABASE_URL: url.toString() });
});

test.afterAll(async () => {
  await portal?.stop();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

test('the status page turns degraded when the database is stopped', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${portal!.base}/v/#/status`);
  const overall = page.getByTestId('status-overall');
  // Just started on a busy machine, a part may still be degraded (the realtime fan-out connecting, a slow first
  // query): as a user would, reload until everything works.
  await expect(async () => {
    await page.reload();
    await expect(overall).toHaveAttribute('data-status', 'up', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(overall).toHaveText('All systems are working.');
  await expect(page.getByTestId('status-database')).toContainText('Working');

  await stopDatabase();
  // The server looks again every 2 s; the user reloads until the page shows it.
  await expect(async () => {
    await page.reload();
    await expect(overall).toHaveAttribute('data-status', 'degraded', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(overall).toHaveText('Some parts of the portal are not working as they should.');
  await expect(page.getByTestId('status-database')).toHaveAttribute('data-status', 'down');
  await expect(page.getByTestId('status-database')).toContainText('Down');
  await expect(page.getByTestId('status-api')).toContainText('Working');
  await page.screenshot({ path: `${SHOTS}/status-page-degraded.png` });
});
