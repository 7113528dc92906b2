/**
 * The README's integration example (section "Integrations"), run as written against a real
 * server with a token made the way a user makes one: it must list exactly the subscriptions
 * of the caller's organisation, so the example cannot rot.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeExample } from '../support/readme-example';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the README integration example', () => {
  it('lists the subscriptions of the caller\'s organisation with nothing but a token', async () => {
    const script = readmeExample('list-subscriptions');
    expect(script.split('\n').filter((line) => line.trim()).length).toBeLessThanOrEqual(22);
    const api = await server.signedIn('company.admin');
    const created = await api.call<{ Token: string }>('Authorization', 'CreateApiToken', {
      name: 'readme example',
      expiresInDays: 7,
      capabilities: [{ ObjectType: 'SUBSCRIPTIONS', Read: true }],
    });
    expect(created.status, created.text).toBe(200);

    const dir = mkdtempSync(join(tmpdir(), 'portal-readme-'));
    try {
      const file = join(dir, 'list-subscriptions.mjs');
      writeFileSync(file, script);
      const { stdout } = await promisify(execFile)(process.execPath, [file], {
        env: { PATH: process.env.PATH, PORTAL_URL: server.url, PORTAL_TOKEN: created.body.Token },
        timeout: 60_000,
      });
      const listed = stdout.trim().split('\n').map((line) => Number(line.split('\t')[0]));

      // What the database says Contoso holds: its products and its departments' (none terminated).
      const expected = await server.server.db.query<{ id: number }>(
        `SELECT a.id FROM accounts a JOIN accounts p ON p.id = a.parent_id JOIN accounts c ON c.display_name = 'Contoso Ltd'
          WHERE a.account_type = 'Product' AND a.state <> 'Terminated' AND a.path LIKE c.path || '/%'
            AND p.account_type IN ('Company', 'Department') AND p.state <> 'Terminated'`,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(listed.sort((a, b) => a - b)).toEqual(expected.map((row) => Number(row.id)).sort((a, b) => a - b));
      expect(stdout).toMatch(/^\d+\t.+\tActive$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
