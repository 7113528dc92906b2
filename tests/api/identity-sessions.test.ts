/**
 * Sessions a user can see and end (issue 23, OWASP ASVS V7) over the real server: the list, ending
 * one (its next call refused, its socket told to reauth), ending the others, a foreign session id
 * refused and audited, an administrator ending a user's sessions within reach, a password change
 * ending the others, and the sign-in order of spec §4 (MFA set-up before the LOGIN check).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { TestSocket } from '../support/realtime-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { currentUser } from './identity-helpers';

interface SessionRow {
  Id: string;
  Browser: string | null;
  System: string | null;
  Address: string | null;
  IsCurrent: boolean;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const lastAuditId = async () => (await server.server.db.one<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM audit_log'))!.id;

describe('my sessions', () => {
  it('lists them with the current one marked, ends another (refused at its next call, its page told at once)', async () => {
    const mine = await server.signedIn('account.manager');
    const other = await server.signedIn('account.manager');
    const otherUser = await currentUser(other);
    const socket = await TestSocket.signedIn(server.url, other, otherUser);

    const listed = await mine.call<SessionRow[]>('Account', 'GetMySessions');
    expect(listed.status).toBe(200);
    expect(listed.body.filter((row) => row.IsCurrent)).toHaveLength(1);
    expect(listed.body.length).toBeGreaterThanOrEqual(2);
    expect(listed.body[0].Address).toBe('127.0.0.1');

    const fromOther = await other.call<SessionRow[]>('Account', 'GetMySessions');
    const otherId = fromOther.body.find((row) => row.IsCurrent)!.Id;
    const reauth = socket.next('reauth');
    const ended = await mine.call<{ Ended: number }>('Account', 'EndMySession', { sessionId: otherId });
    expect(ended.status).toBe(200);
    expect(ended.body.Ended).toBe(1);
    await reauth;
    expect((await other.call('Authorization', 'GetCurrentUser')).status).toBe(401);
    expect((await mine.call('Authorization', 'GetCurrentUser')).status).toBe(200);
    socket.ws.close();
  });

  it('refuses a foreign or made-up session id (404, audited) and the current one (409)', async () => {
    const mine = await server.signedIn('reseller.admin');
    const someoneElse = await server.signedIn('vendor.admin');
    const foreignId = (await someoneElse.call<SessionRow[]>('Account', 'GetMySessions')).body.find((row) => row.IsCurrent)!.Id;
    const before = await lastAuditId();
    for (const sessionId of [foreignId, 'made-up-session-id']) {
      const refused = await mine.call('Account', 'EndMySession', { sessionId });
      expect(refused.status).toBe(404);
      expect(refused.message).toBe('This session does not exist or has already ended.');
    }
    expect((await someoneElse.call('Authorization', 'GetCurrentUser')).status).toBe(200);
    const audited = await server.server.db.query(`SELECT action FROM audit_log WHERE id > $1 AND action = 'SessionEndRefused'`, [before]);
    expect(audited).toHaveLength(2);
    const currentId = (await mine.call<SessionRow[]>('Account', 'GetMySessions')).body.find((row) => row.IsCurrent)!.Id;
    const current = await mine.call('Account', 'EndMySession', { sessionId: currentId });
    expect(current.status).toBe(409);
    expect(current.message).toBe('This is the session you are using. Sign out to end it.');
  });

  it('ends all others and keeps this one', async () => {
    const [first, second, third] = [await server.signedIn('vendor.admin'), await server.signedIn('vendor.admin'), await server.signedIn('vendor.admin')];
    const ended = await first.call<{ Ended: number }>('Account', 'EndMyOtherSessions');
    expect(ended.body.Ended).toBeGreaterThanOrEqual(2);
    expect((await second.call('Authorization', 'GetCurrentUser')).status).toBe(401);
    expect((await third.call('Authorization', 'GetCurrentUser')).status).toBe(401);
    expect((await first.call<SessionRow[]>('Account', 'GetMySessions')).body).toEqual([expect.objectContaining({ IsCurrent: true })]);
  });
});

describe("an administrator and a user's sessions", () => {
  it('ends every session of a user within reach, and is refused outside it', async () => {
    const admin = await server.signedIn('company.admin');
    const user = await server.signedIn('basic.user');
    const basicId = (await currentUser(user)).UserAccountId;
    const ended = await admin.call<{ Ended: number }>('Account', 'EndUserSessions', { userAccountId: basicId });
    expect(ended.status).toBe(200);
    expect(ended.body.Ended).toBeGreaterThanOrEqual(1);
    expect((await user.call('Authorization', 'GetCurrentUser')).status).toBe(401);
    // Fabrikam's user is not Contoso's.
    const outside = await admin.call('Account', 'EndUserSessions', { userAccountId: (await server.server.db.one<{ account_id: number }>(`SELECT account_id FROM users WHERE username = 'mfa.setup.user'`))!.account_id });
    expect(outside.status).toBe(403);
    const basic = await server.signedIn('basic.user');
    expect((await basic.call('Account', 'EndUserSessions', { userAccountId: basicId })).status).toBe(403);
  });

  it('a password change ends the other sessions and tells their pages', async () => {
    const here = await server.signedIn('password.user');
    const there = await server.signedIn('password.user');
    const socket = await TestSocket.signedIn(server.url, there, await currentUser(there));
    const reauth = socket.next('reauth');
    const changed = await here.call('SelfCare', 'ChangeMyPassword', { currentPassword: DEMO_PASSWORD, newPassword: 'Quartz-Meadow-7391!' });
    expect(changed.status, changed.text).toBe(200);
    await reauth;
    expect((await there.call('Authorization', 'GetCurrentUser')).status).toBe(401);
    expect((await here.call('Authorization', 'GetCurrentUser')).status).toBe(200);
    socket.ws.close();
  });
});

describe('sign-in order (spec §4)', () => {
  it('sends a user without LOGIN who must set up MFA to set-up first; the LOGIN check follows', async () => {
    // nologin.user is the seed's exception to Fabrikam's policy; without it the policy binds the user.
    await server.server.db.query(`UPDATE mfa_policies SET exceptions = '[]'::jsonb WHERE exceptions <> '[]'::jsonb AND enforced AND applies_to_hierarchy`);
    const browser = await server.client();
    const signedIn = await browser.signIn('nologin.user', DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as SessionUser).MustSetupMfa).toBe(true);
    const setup = await browser.call<{ AuthenticationMethodId: number; Secret: string }>('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'TOTP' } });
    expect(setup.status).toBe(200);
    // Anything but set-up is refused meanwhile.
    expect((await browser.call('Account', 'GetDashboard')).status).toBe(403);
    const { totpCode } = await import('./identity-helpers');
    const enabled = await browser.call('Account', 'EnableTwoFactorAuthentication', { authenticationMethodId: setup.body.AuthenticationMethodId, mfaToken: await totpCode(setup.body.Secret) });
    expect(enabled.status).toBe(200);
    const after = await browser.call('Authorization', 'GetCurrentUser');
    expect(after.status).toBe(403);
    expect(after.message).toBe('Missing capabilities to log in');
  });
});
