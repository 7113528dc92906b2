import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { accountIdOf, auditSince, departmentWithUser, isoDay, lastAuditId, waitFor } from './lifecycle-support';

let server: TestServer;
let admin: ApiClient;
let contoso: number;
let fabrikam: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('company.admin');
  contoso = await accountIdOf(server, 'Contoso Ltd');
  fabrikam = await accountIdOf(server, 'Fabrikam Inc');
});
afterAll(() => server.close());

const today = new Date();
const monthsAgo = (months: number) => {
  const date = new Date(today);
  date.setUTCMonth(date.getUTCMonth() - months);
  return isoDay(date);
};

interface Overview {
  SubAccounts: { AccountId: number; AccountType: string }[];
  Subscriptions: { AccountId: number; LockedUntil: string | null; LockKind: string | null; IsPrepaid: boolean }[];
  EarliestTerminationDate: string | null;
  CanTerminate: boolean;
  ScheduledTermination: { TerminationDate: string; Reason: string } | null;
}

describe('termination', () => {
  it('lists what goes with the account; a locked subscription blocks until its end date; a schedule after it can be cancelled', async () => {
    const start = monthsAgo(2);
    const { departmentId, userId, subscriptionIds } = await departmentWithUser(server.server.db, contoso, 'Locked Dept', 'locked.user', [
      { product: 'Microsoft 365 E3', values: { CommitmentPeriod: 'annual', StartDate: start, AutoRenew: 'Renew' } },
      { product: 'Cloud Backup 500 GB', values: { CommitmentPeriod: '1-month', StartDate: start, AutoRenew: 'Renew' } },
    ]);
    const overview = await admin.call<Overview>('Account', 'GetAccountsForTermination', { accountId: departmentId });
    expect(overview.status).toBe(200);
    const lockEnd = new Date(`${start}T00:00:00Z`);
    lockEnd.setUTCMonth(lockEnd.getUTCMonth() + 12);
    expect(overview.body.SubAccounts.map((row) => row.AccountId)).toEqual([userId]);
    expect(overview.body.Subscriptions).toEqual([
      expect.objectContaining({ AccountId: subscriptionIds[0], LockedUntil: isoDay(lockEnd), LockKind: 'MinimumContractPeriod', IsPrepaid: true }),
      expect.objectContaining({ AccountId: subscriptionIds[1], LockedUntil: null, IsPrepaid: false }),
    ]);
    expect(overview.body).toMatchObject({ EarliestTerminationDate: isoDay(lockEnd), CanTerminate: true, ScheduledTermination: null });

    const now = await admin.call('Account', 'TerminateAccount', { accountId: departmentId, terminationReason: 'TooExpensive' });
    expect(now.status).toBe(409);
    expect(now.message).toContain(`locked until ${isoDay(lockEnd)}`);
    const dayBefore = new Date(lockEnd.getTime() - 86_400_000).toISOString();
    expect((await admin.call('Account', 'TerminateAccount', { accountId: departmentId, terminationReason: 'TooExpensive', terminationDate: dayBefore })).status).toBe(409);

    const at = new Date(lockEnd.getTime() + 9 * 3_600_000).toISOString();
    const scheduled = await admin.call<{ Status: string }>('Account', 'TerminateAccount', { accountId: departmentId, terminationReason: 'TooExpensive', terminationDate: at });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.Status).toBe('Scheduled');
    const again = await admin.call('Account', 'TerminateAccount', { accountId: departmentId, terminationReason: 'Other', terminationDate: at });
    expect(again.status).toBe(409);
    const pending = await admin.call<Overview>('Account', 'GetAccountsForTermination', { accountId: departmentId });
    expect(pending.body.ScheduledTermination).toMatchObject({ TerminationDate: at, Reason: 'TooExpensive' });

    const cancelled = await admin.call<{ Status: string }>('Account', 'CancelAccountTermination', { accountId: departmentId });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.Status).toBe('Cancelled');
    expect((await admin.call('Account', 'CancelAccountTermination', { accountId: departmentId })).status).toBe(409);
    const state = await server.server.db.one<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [departmentId]);
    expect(state!.state).toBe('Active');
    const audit = await server.server.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE account_id = $1 AND action LIKE 'AccountTermination%' ORDER BY id`,
      [departmentId],
    );
    expect(audit.map((row) => row.action)).toEqual(['AccountTerminationScheduled', 'AccountTerminationCancelled']);
  });

  it('terminates at once: subtree terminated, prepaid auto-renew to Terminate, SDP requests, personal data erased, user out', async () => {
    const { departmentId, userId, subscriptionIds } = await departmentWithUser(server.server.db, contoso, 'Closing Dept', 'leaver.user', [
      { product: 'Microsoft 365 E3', values: { CommitmentPeriod: 'annual', StartDate: monthsAgo(14), AutoRenew: 'Renew', Quantity: 5 } },
      { product: 'Cloud Backup 500 GB', values: { CommitmentPeriod: '1-month', StartDate: monthsAgo(1), AutoRenew: 'Renew' } },
    ]);
    const leaver = await server.client();
    expect((await leaver.signIn('leaver.user', DEMO_PASSWORD)).status).toBe(200);
    const before = await lastAuditId(server);
    const done = await admin.call<{ Status: string; TerminatedAccounts: number; ProvisioningRequests: number }>('Account', 'TerminateAccount', {
      accountId: departmentId, terminationReason: 'ServiceNotNeeded', sendToSdp: true,
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ Status: 'Terminated', TerminatedAccounts: 4, ProvisioningRequests: 2 });

    const db = server.server.db;
    const states = await db.query<{ state: string }>(`SELECT DISTINCT state FROM accounts WHERE id = ANY ($1::bigint[])`, [[departmentId, userId, ...subscriptionIds]]);
    expect(states).toEqual([{ state: 'Terminated' }]);
    const prepaid = await db.one<{ auto: string; quantity: number }>(`SELECT views->'Values'->>'AutoRenew' AS auto, (views->'Values'->>'Quantity')::int AS quantity FROM accounts WHERE id = $1`, [subscriptionIds[0]]);
    expect(prepaid).toEqual({ auto: 'Terminate', quantity: 5 });
    const monthly = await db.one<{ auto: string }>(`SELECT views->'Values'->>'AutoRenew' AS auto FROM accounts WHERE id = $1`, [subscriptionIds[1]]);
    expect(monthly!.auto).toBe('Renew');
    const requests = await db.query<{ order_action: string; order_status: string }>(
      `SELECT order_action, order_status FROM provisioning_requests WHERE account_id = ANY ($1::bigint[])`,
      [subscriptionIds],
    );
    expect(requests).toEqual([
      { order_action: 'Terminate', order_status: 'Pending' },
      { order_action: 'Terminate', order_status: 'Pending' },
    ]);
    const user = await db.one<{ display_name: string; views: { Values: Record<string, unknown> } }>('SELECT display_name, views FROM accounts WHERE id = $1', [userId]);
    expect(user!.display_name).toBe(`Terminated user ${userId}`);
    expect(JSON.stringify(user!.views)).not.toMatch(/Lee|leaver|7700/);
    const department = await db.one<{ views: { Values: Record<string, unknown> }; display_name: string }>('SELECT display_name, views FROM accounts WHERE id = $1', [departmentId]);
    expect(department!.display_name).toBe('Closing Dept');
    expect(department!.views.Values.Email).toBeUndefined();
    expect(department!.views.Values.Phone).toBeUndefined();

    // Out: the open session ends, the user name no longer signs in, nothing can be changed.
    expect((await leaver.call('Authorization', 'GetCurrentUser', {})).status).toBe(401);
    expect((await (await server.client()).signIn('leaver.user', DEMO_PASSWORD)).status).toBe(401);
    const edit = await admin.call('Account', 'UpdateAccount', { accountId: departmentId, viewValues: { Values: { DisplayName: 'Back' } } });
    expect(edit.status).toBe(400);
    expect((await admin.call('Account', 'TerminateAccount', { accountId: departmentId, terminationReason: 'Other' })).status).toBe(409);
    const audit = await auditSince(server, before, 'AccountTerminated');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ account_id: departmentId, details: expect.objectContaining({ reason: 'ServiceNotNeeded', terminatedAccounts: 4 }) });
    const tree = await admin.call<{ Children: { AccountId: number; AccountState: string }[] }>('Account', 'GetAccountTree', { accountId: contoso, showTerminatedAccounts: true });
    expect(tree.body.Children.find((child) => child.AccountId === departmentId)?.AccountState).toBe('Terminated');
  });

  it('runs a scheduled termination once, at its time', async () => {
    const { departmentId } = await departmentWithUser(server.server.db, contoso, 'Soon Dept', 'soon.user', [
      { product: 'Cloud Backup 500 GB', values: { CommitmentPeriod: '1-month', StartDate: monthsAgo(3) } },
    ]);
    const before = await lastAuditId(server);
    const at = new Date(Date.now() + 2000).toISOString();
    const scheduled = await admin.call<{ Status: string }>('Account', 'TerminateAccount', { accountId: departmentId, terminationReason: 'OutOfBusiness', terminationDate: at });
    expect(scheduled.body.Status).toBe('Scheduled');
    const early = await server.server.db.one<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [departmentId]);
    expect(early!.state).toBe('Active');
    await waitFor(async () => (await server.server.db.one<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [departmentId]))!.state === 'Terminated');
    const finishedAt = Date.now();
    expect(finishedAt).toBeGreaterThanOrEqual(new Date(at).getTime());
    // Once: a later termination runs too, and the job takes the earliest due first, so by then it
    // would have run this one again — no sleep standing in for "long enough".
    const { departmentId: laterId } = await departmentWithUser(server.server.db, contoso, 'Later Dept', 'later.user', []);
    const later = await admin.call<{ Status: string }>('Account', 'TerminateAccount', { accountId: laterId, terminationReason: 'OutOfBusiness', terminationDate: new Date(Date.now() + 1000).toISOString() });
    expect(later.body.Status).toBe('Scheduled');
    await waitFor(async () => (await server.server.db.one<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [laterId]))!.state === 'Terminated');
    expect((await auditSince(server, before, 'AccountTerminated')).map((row) => Number(row.account_id))).toEqual([departmentId, laterId]);
    const row = await server.server.db.one<{ status: string }>('SELECT status FROM account_terminations WHERE account_id = $1', [departmentId]);
    expect(row!.status).toBe('Completed');
    expect((await admin.call('Account', 'CancelAccountTermination', { accountId: departmentId })).status).toBe(409);
  });

  it('refuses: without the capabilities, the own account, cross-tenant ids, past dates', async () => {
    const basic = await server.signedIn('basic.user');
    expect((await basic.call('Account', 'GetAccountsForTermination', { accountId: contoso })).status).toBe(403);
    // Company admins hold no delete on company accounts (spec §6: read and delete needed).
    const company = await admin.call('Account', 'TerminateAccount', { accountId: contoso, terminationReason: 'Other' });
    expect(company.status).toBe(403);
    expect(company.message).toMatch(/read and delete permission/);
    const reseller = await server.signedIn('reseller.admin');
    const own = await reseller.call('Account', 'TerminateAccount', { accountId: await accountIdOf(server, 'Northwind Cloud'), terminationReason: 'Other' });
    expect(own.status).toBe(403);
    expect(own.message).toMatch(/belong to/);
    const overview = await admin.call<Overview>('Account', 'GetAccountsForTermination', { accountId: contoso });
    expect(overview.body.CanTerminate).toBe(false);
    expect((await admin.call('Account', 'GetAccountsForTermination', { accountId: fabrikam })).status).toBe(403);
    expect((await admin.call('Account', 'TerminateAccount', { accountId: fabrikam, terminationReason: 'Other' })).status).toBe(403);
    expect((await admin.call('Account', 'CancelAccountTermination', { accountId: fabrikam })).status).toBe(403);
    const finance = await accountIdOf(server, 'Finance', 'Department');
    const past = await admin.call('Account', 'TerminateAccount', { accountId: finance, terminationReason: 'Other', terminationDate: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect((await admin.call('Account', 'TerminateAccount', { accountId: finance, terminationReason: 'Bored' })).status).toBe(400);
  });
});
