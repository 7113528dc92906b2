/**
 * Renewal notification preferences (Notification service): defaults, a saved
 * round trip, at least one commitment period (spec §5), Read to see and
 * Execute to change, users within reach only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Preferences {
  IsEnabled: boolean;
  CommitmentPeriods: string[];
}

let server: TestServer;
let root: ApiClient;
let companyAdmin: ApiClient;
let basicUserId: number;
let mfaUserId: number;
let fabrikamUserId: number;

const userId = async (username: string) => (await server.server.db.one<{ account_id: number }>('SELECT account_id FROM users WHERE username = $1', [username]))!.account_id;
const read = (userAccountId: number, api: ApiClient = root) => api.call<Preferences>('Notification', 'GetUserNotificationPreferences', { userAccountId });
const update = (userAccountId: number, preferences: unknown, api: ApiClient = root) =>
  api.call<Preferences>('Notification', 'UpdateUserNotificationPreferences', { userAccountId, preferences });

beforeAll(async () => {
  server = await startTestServer();
  root = await server.signedIn('root.admin');
  companyAdmin = await server.signedIn('company.admin');
  basicUserId = await userId('basic.user');
  mfaUserId = await userId('mfa.user');
  fabrikamUserId = await userId('mfa.setup.user');
});
afterAll(() => server?.close());

describe('notification preferences', () => {
  it('are off with 1 month until first saved', async () => {
    const result = await read(mfaUserId);
    expect(result.status, result.message).toBe(200);
    expect(result.body).toEqual({ IsEnabled: false, CommitmentPeriods: ['1-month'] });
  });

  it('round-trip: saved in the spec order, read back, audited on the user', async () => {
    const saved = await update(basicUserId, { IsEnabled: true, CommitmentPeriods: ['other', '3-year', 'annual'] });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.body).toEqual({ IsEnabled: true, CommitmentPeriods: ['annual', '3-year', 'other'] });
    expect((await read(basicUserId)).body).toEqual(saved.body);
    // company.admin (NOTIFICATIONS Read) sees the same.
    expect((await read(basicUserId, companyAdmin)).body).toEqual(saved.body);
    const again = await update(basicUserId, { IsEnabled: false, CommitmentPeriods: ['1-month'] });
    expect(again.body).toEqual({ IsEnabled: false, CommitmentPeriods: ['1-month'] });
    const audit = await server.server.db.query<{ action: string; details: Preferences }>(
      `SELECT action, details FROM audit_log WHERE account_id = $1 AND action = 'NotificationPreferencesUpdated' ORDER BY id`,
      [basicUserId],
    );
    expect(audit.map((row) => row.details)).toEqual([saved.body, again.body]);
  });

  it.each([
    ['no commitment period', { IsEnabled: true, CommitmentPeriods: [] }],
    ['a period twice', { IsEnabled: true, CommitmentPeriods: ['annual', 'annual'] }],
    ['an unknown period', { IsEnabled: true, CommitmentPeriods: ['weekly'] }],
    ['no switch', { CommitmentPeriods: ['annual'] }],
    ['extra fields', { IsEnabled: true, CommitmentPeriods: ['annual'], Email: 'x@example.com' }],
  ])('refuses %s with a 400 and keeps what was saved', async (_name, preferences) => {
    const before = (await read(basicUserId)).body;
    const result = await update(basicUserId, preferences);
    expect(result.status, result.text).toBe(400);
    expect((await read(basicUserId)).body).toEqual(before);
  });

  it('refuses an account that is not a user', async () => {
    const contosoId = (await server.server.db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'`))!.id;
    const result = await read(contosoId);
    expect(result.status).toBe(400);
    expect(result.message).toBe('Notification preferences exist only for user accounts.');
    expect((await update(contosoId, { IsEnabled: true, CommitmentPeriods: ['annual'] })).status).toBe(400);
  });

  it('refuses a change without NOTIFICATIONS Execute, and reading without Read', async () => {
    const refused = await update(basicUserId, { IsEnabled: true, CommitmentPeriods: ['annual'] }, companyAdmin);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('You do not have the permission to do this.');
    const basic = await server.signedIn('basic.user');
    expect((await read(basicUserId, basic)).status).toBe(403);
  });

  it("refuses a user outside the caller's hierarchy", async () => {
    const result = await read(fabrikamUserId, companyAdmin);
    expect(result.status).toBe(403);
    expect(result.message).toBe('You cannot access this account.');
  });
});
