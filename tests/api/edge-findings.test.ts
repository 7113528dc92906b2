/**
 * Issue 20 (Trust II), items 2, 10 and 11, as a caller meets them at the edge of the server:
 * the client address behind a proxy, HSTS and CSP, where the XSRF cookie is handed out, cookies
 * cleared the way they were set, and a <Fault> for a malformed URL and a wrong verb.
 * (The same address rules through nginx: tests/api/scale-two-instances.test.ts.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { ApiClient, type CallResult } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { accountIdOf, auditSince, lastAuditId } from './lifecycle-support';

const defaults = configFromEnv({}).identity;
// Per address: 3 failures, then a wait longer than this file; per account out of the way.
const bruteForce = { ...defaults.bruteForce, maxFailures: 1000, ipMaxFailures: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 };

let server: TestServer;
let clientDir: string;

beforeAll(async () => {
  // A built client of three files: the HTML entry, a hashed asset, an icon.
  clientDir = mkdtempSync(join(tmpdir(), 'portal-edge-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(join(clientDir, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // TRUST_PROXY=1, as the README and deploy/compose.yaml set it: one proxy (this test) in front.
  server = await startTestServer({
    trustProxy: configFromEnv({ TRUST_PROXY: '1' }).trustProxy,
    clientDir,
    identity: { ...defaults, bruteForce },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** A service call through the (test) proxy: X-Forwarded-For and -Proto as it would pass them. */
const via = (api: ApiClient, forwardedFor: string, service: string, method: string, body: unknown = {}, proto = 'http'): Promise<CallResult> =>
  api.raw(`/DataModel/service.svc/rest/${service}/${method}`, {
    body: JSON.stringify(body),
    headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': proto },
  });

const setCookie = (headers: Headers, name: string) => headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

describe('2. the client address behind TRUST_PROXY is the one the proxy saw, not the leftmost X-Forwarded-For entry', () => {
  it('a company IP allow-list of 198.51.100.0/24 refuses "X-Forwarded-For: 198.51.100.9, 203.0.113.5" as 203.0.113.5', async () => {
    const contoso = await accountIdOf(server, 'Contoso Ltd');
    const admin = await server.client();
    expect((await via(admin, '198.51.100.7', 'Authorization', 'Authenticate', { userName: 'company.admin', password: DEMO_PASSWORD })).status).toBe(200);
    const saved = await via(admin, '198.51.100.7', 'IpRestrictions', 'SaveAuthorizationRestrictions', {
      companyAccountId: contoso,
      restrictions: { IsEnabled: true, Entries: [{ Type: 'Allow', Ranges: '198.51.100.0/24' }] },
    });
    expect(saved.status, saved.message).toBe(200);
    try {
      const before = await lastAuditId(server);
      const spoofed = await via(await server.client(), '198.51.100.9, 203.0.113.5', 'Authorization', 'Authenticate', { userName: 'basic.user', password: DEMO_PASSWORD });
      expect(spoofed.status).toBe(403);
      expect(spoofed.message).toContain('this address (203.0.113.5)');
      expect(await auditSince(server, before, 'IpRestrictionRefused')).toEqual([expect.objectContaining({ ip: '203.0.113.5' })]);
      // The proxy's own view of an allowed client still passes.
      expect((await via(await server.client(), '203.0.113.5, 198.51.100.9', 'Authorization', 'Authenticate', { userName: 'basic.user', password: DEMO_PASSWORD })).status).toBe(200);
    } finally {
      const off = await via(admin, '198.51.100.7', 'IpRestrictions', 'SaveAuthorizationRestrictions', { companyAccountId: contoso, restrictions: { IsEnabled: false, Entries: [] } });
      expect(off.status, off.message).toBe(200);
    }
  });

  it('the per-address brute-force throttle locks 203.0.113.77 whatever leftmost entries it writes', async () => {
    const api = await server.client();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const result = await via(api, `192.0.2.${attempt + 1}, 203.0.113.77`, 'Authorization', 'Authenticate', { userName: `sprayed.user${attempt}`, password: 'Summer-2026-Guess!' });
      statuses.push(result.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // The lock is that address's: another client behind the same proxy is not affected.
    expect((await via(api, '203.0.113.78', 'Authorization', 'Authenticate', { userName: 'sprayed.other', password: 'Summer-2026-Guess!' })).status).toBe(401);
  });
});

describe('10. headers and cookies', () => {
  it('sends HSTS only over HTTPS (X-Forwarded-Proto: https from the trusted proxy), and CSP has form-action \'self\'', async () => {
    const overHttps = await fetch(`${server.url}/v/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    const overHttp = await fetch(`${server.url}/v/`);
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
    for (const response of [overHttps, overHttp]) expect(response.headers.get('content-security-policy')).toMatch(/(^|;)form-action 'self'(;|$)/);
  });

  it('hands out the XSRF cookie with the app\'s HTML entry and the branding script, never with static files', async () => {
    for (const path of ['/v/', '/v/index.html', '/branding/latest/config.gen.js']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(setCookie(response.headers, 'XSRF-TOKEN'), path).toBeDefined();
    }
    for (const path of ['/v/assets/app-1a2b3c.js', '/v/favicon.svg', '/v/assets/missing.js']) {
      const response = await fetch(`${server.url}${path}`);
      expect(setCookie(response.headers, 'XSRF-TOKEN'), path).toBeUndefined();
    }
  });

  it('clears portal_mfa_pending and portal_session with the attributes they were set with (Secure over HTTPS)', async () => {
    const api = await server.client();
    const challenge = await via(api, '203.0.113.20', 'Authorization', 'Authenticate', { userName: 'mfa.user', password: DEMO_PASSWORD }, 'https');
    expect(challenge.status).toBe(200);
    const pendingSet = setCookie(challenge.headers, 'portal_mfa_pending')!;
    expect(pendingSet).toMatch(/; Secure/);
    const cleared = await via(api, '203.0.113.20', 'Authorization', 'Logout', {}, 'https');
    const pendingCleared = setCookie(cleared.headers, 'portal_mfa_pending')!;
    expect(pendingCleared).toMatch(/^portal_mfa_pending=;/);
    expect(attributes(pendingCleared)).toEqual(attributes(pendingSet));

    const user = await server.client();
    const signedIn = await via(user, '203.0.113.21', 'Authorization', 'Authenticate', { userName: 'reseller.admin', password: DEMO_PASSWORD }, 'https');
    const sessionSet = setCookie(signedIn.headers, 'portal_session')!;
    expect(sessionSet).toMatch(/; Secure/);
    const signedOut = await via(user, '203.0.113.21', 'Authorization', 'Logout', {}, 'https');
    const sessionCleared = setCookie(signedOut.headers, 'portal_session')!;
    expect(sessionCleared).toMatch(/^portal_session=;/);
    expect(attributes(sessionCleared)).toEqual(attributes(sessionSet));
    const legacy = await fetch(`${server.url}/keeper/logout`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(attributes(setCookie(legacy.headers, 'portal_session')!)).toEqual(attributes(sessionSet));
  });
});

/** Path, Secure, HttpOnly and SameSite of a Set-Cookie line (what must match between setting and clearing). */
function attributes(line: string): string[] {
  return line
    .split(';')
    .slice(1)
    .map((part) => part.trim())
    .filter((part) => /^(path=|secure$|httponly$|samesite=)/i.test(part))
    .sort();
}

describe('11. every error is a <Fault>', () => {
  const fault = async (response: Response) => ({
    status: response.status,
    type: response.headers.get('content-type'),
    message: /<Message>([\s\S]*?)<\/Message>/.exec(await response.text())?.[1],
  });

  it.each(['/v/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd', '/keeper/get/terms/%E0%A4%A', '/DataModel/definitions/%ff.json', '/no/route/%c0'])('a malformed URL (%s) → 400 <Fault>, with the security headers', async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: { 'accept-language': 'de' } });
    expect(await fault(response)).toEqual({ status: 400, type: 'application/xml; charset=utf-8', message: 'Die Adresse der Anfrage ist ungültig.' });
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a path parameter longer than the router takes → 400 <Fault>', async () => {
    const response = await fetch(`${server.url}/keeper/get/terms/${'a'.repeat(300)}.pdf`);
    expect(await fault(response)).toEqual({ status: 400, type: 'application/xml; charset=utf-8', message: 'The address of the request is not valid.' });
  });

  it.each([
    ['GET', '/DataModel/service.svc/rest/Account/SearchAccount', 'POST'],
    ['PUT', '/DataModel/service.svc/rest/Authorization/Authenticate', 'POST'],
    ['POST', '/v/', 'GET, HEAD'],
    ['POST', '/v/assets/app-1a2b3c.js', 'GET, HEAD'],
    ['DELETE', '/health', 'GET, HEAD'],
  ])('a wrong verb (%s %s) → 405 <Fault> with Allow: %s', async (method, path, allow) => {
    const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
    expect(await fault(response)).toEqual({ status: 405, type: 'application/xml; charset=utf-8', message: `${method} is not allowed at this address (allowed: ${allow}).` });
    expect(response.headers.get('allow')).toBe(allow);
  });

  it('an unknown path stays 404 <Fault>, for any verb', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${server.url}/no/such/path`, { method });
      expect(await fault(response)).toEqual({ status: 404, type: 'application/xml; charset=utf-8', message: 'The requested resource was not found.' });
    }
    expect((await fault(await fetch(`${server.url}/v/assets/missing.js`))).status).toBe(404);
  });
});
