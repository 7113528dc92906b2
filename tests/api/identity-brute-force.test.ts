import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockoutSchedule } from '../../server/auth/brute-force';
import { configFromEnv } from '../../server/config';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { mailedCode, newestMailId } from './identity-helpers';

// Short waits, same shape as the defaults: 5 failures per account (20 per IP), then doubling waits.
const defaults = configFromEnv({}).identity;
// The cap (3 s) outlasts a request on a loaded machine: the lock checked below cannot run out in between.
const bruteForce = { ...defaults.bruteForce, baseDelayMs: 300, maxDelayMs: 3000 };

// Every test here comes from 127.0.0.1: this server leaves the per-IP limit out of the way
// (it has its own test on a server of its own).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ identity: { ...defaults, bruteForce: { ...bruteForce, ipMaxFailures: 1000 }, emailCodeTtlSeconds: 1 } });
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the lock the last answer announced (Retry-After, whole seconds) is over. */
async function waitOutLock(retryAfter: string | null) {
  await sleep(Math.max(Number(retryAfter ?? 1), 1) * 1000 + 100);
}

describe('brute-force protection', () => {
  it('documents the default schedule: 5 free failures, then 30 s doubling up to 15 minutes', () => {
    expect(lockoutSchedule(defaults.bruteForce).map((step) => step.waitMs / 1000)).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900]);
  });

  it('slows or refuses 50 wrong passwords in a row; the right one still works after the wait', async () => {
    const api = await server.client();
    const statuses: number[] = [];
    let lastRetryAfter: string | null = null;
    for (let attempt = 0; attempt < 50; attempt++) {
      const result = await api.signIn('company.admin', `Wrong-password-${attempt}!`);
      statuses.push(result.status);
      if (result.status === 429) {
        lastRetryAfter = result.headers.get('retry-after');
        expect(result.message).toMatch(/^Too many failed attempts\. Please wait \d+ seconds and try again\.$/);
      }
    }
    // Only the first five are checked at all; the rest are refused without looking at the password.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

    // While locked, even the right password is refused. A wrong password that is checked again
    // (401) starts a fresh lock: the right one is tried at once after it, not at the end of a lock.
    for (let attempt = 0; attempt < 20 && (await api.signIn('company.admin', 'Wrong-password-again!')).status !== 401; attempt++) await sleep(250);
    const locked = await api.signIn('company.admin', DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(api.cookies.has('portal_session')).toBe(false);

    await waitOutLock(locked.headers.get('retry-after') ?? lastRetryAfter);
    const after = await api.signIn('company.admin', DEMO_PASSWORD);
    expect(after.status).toBe(200);
    // Success resets the account's count: the next mistake is an ordinary 401.
    expect((await (await server.client()).signIn('company.admin', 'Wrong-again-1!')).status).toBe(401);
  });

  it('throttles an unknown user name exactly like a real one (no enumeration)', async () => {
    const api = await server.client();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await api.signIn('no.such.user', `Wrong-${attempt}!`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts wrong MFA codes too', async () => {
    const api = await server.client();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await api.call('Authorization', 'Authenticate', { userName: 'mfa.user', password: DEMO_PASSWORD, mfaToken: '000000' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('locks an address after 20 failures, whatever the user names', async () => {
    const ipServer = await startTestServer({ identity: { ...defaults, bruteForce } });
    try {
      const ipApi = await ipServer.client();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 21; attempt++) statuses.push((await ipApi.signIn(`sprayed.user${attempt}`, 'Summer-2026-Guess!')).status);
      expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await ipServer.close();
    }
  });
});

describe('the audit log', () => {
  it('records every sign-in attempt and every refused authorization', async () => {
    const since = new Date().toISOString();
    await (await server.client()).signIn('basic.user', 'Wrong-password-9!');
    const basic = await server.signedIn('basic.user');
    // basic.user holds no MFA right: refused by the dispatcher.
    expect((await basic.call('Account', 'HasEnabledTwoFactorAuthentication', { userAccountId: 1 })).status).toBe(403);
    await expect
      .poll(async () => {
        const rows = await server.server.db.query<{ action: string }>(
          `SELECT action FROM audit_log a JOIN users u ON u.account_id = a.account_id
            WHERE u.username = 'basic.user' AND a.created_at >= $1 ORDER BY a.id`,
          [since],
        );
        return rows.map((row) => row.action);
      })
      .toEqual(['SignInFailed', 'SignIn', 'AuthorizationRefused']);
    const throttled = await server.server.db.query(`SELECT 1 FROM audit_log WHERE action = 'SignInThrottled'`);
    expect(throttled.length).toBeGreaterThan(0);
  });
});

describe('e-mail codes expire', () => {
  it('refuses a code older than its lifetime; a new one works', async () => {
    const api = await server.signedIn('vendor.admin');
    const setup = await api.call<{ AuthenticationMethodId: number }>('Account', 'SetUpTwoFactorAuthentication', {
      authenticationMethod: { Type: 'EMAIL', Email: 'expiry.check@adatum.example' },
    });
    const methodId = setup.body.AuthenticationMethodId;
    let before = await newestMailId(server);
    await api.call('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: methodId });
    const stale = await mailedCode(server, 'expiry.check@adatum.example', before);
    await sleep(1500);
    const late = await api.call('Account', 'EnableTwoFactorAuthentication', { mfaToken: stale, authenticationMethodId: methodId });
    expect(late.status).toBe(400);
    expect(late.message).toBe('MFA code is incorrect. Please try again.');

    before = await newestMailId(server);
    await api.call('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: methodId });
    const fresh = await mailedCode(server, 'expiry.check@adatum.example', before);
    expect((await api.call('Account', 'EnableTwoFactorAuthentication', { mfaToken: fresh, authenticationMethodId: methodId })).status).toBe(200);
  });
});
