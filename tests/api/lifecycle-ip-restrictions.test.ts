import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, CallResult } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { accountIdOf, auditSince, lastAuditId, userIdOf } from './lifecycle-support';

// Behind one (test) proxy hop (TRUST_PROXY=1): the X-Forwarded-For it writes is the client address the server sees.
let server: TestServer;
let contoso: number;
let fabrikam: number;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1 });
  contoso = await accountIdOf(server, 'Contoso Ltd');
  fabrikam = await accountIdOf(server, 'Fabrikam Inc');
});
afterAll(() => server.close());

const from = (api: ApiClient, ip: string, service: string, method: string, body: unknown = {}): Promise<CallResult> =>
  api.raw(`/DataModel/service.svc/rest/${service}/${method}`, { body: JSON.stringify(body), headers: { 'x-forwarded-for': ip } });

async function signInFrom(ip: string, userName: string): Promise<{ api: ApiClient; result: CallResult }> {
  const api = await server.client();
  const result = await from(api, ip, 'Authorization', 'Authenticate', { userName, password: DEMO_PASSWORD });
  return { api, result };
}

const OFFICE_V4 = '203.0.113.10';
const OFFICE_V6 = '2001:db8:10::7';

describe('IP restrictions', () => {
  let admin: ApiClient;

  beforeAll(async () => {
    const signed = await signInFrom(OFFICE_V4, 'company.admin');
    expect(signed.result.status).toBe(200);
    admin = signed.api;
  });

  it('refuses an invalid entry naming it, and a list that would lock the saving admin out', async () => {
    const bad = await from(admin, OFFICE_V4, 'IpRestrictions', 'SaveAuthorizationRestrictions', {
      companyAccountId: contoso,
      restrictions: { IsEnabled: true, Entries: [{ Type: 'Allow', Ranges: '203.0.113.0/24, 10.0.0.300' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Invalid IP range: 10.0.0.300');
    const lockout = await from(admin, OFFICE_V4, 'IpRestrictions', 'SaveAuthorizationRestrictions', {
      companyAccountId: contoso,
      restrictions: { IsEnabled: true, Entries: [{ Type: 'Allow', Ranges: '198.51.100.0/24' }] },
    });
    expect(lockout.status).toBe(400);
    expect(lockout.message).toContain(`your address ${OFFICE_V4} would no longer be allowed`);
    const denySelf = await from(admin, OFFICE_V4, 'IpRestrictions', 'SaveAuthorizationRestrictions', {
      companyAccountId: contoso,
      restrictions: { IsEnabled: true, Entries: [{ Type: 'Deny', Ranges: `${OFFICE_V4}` }] },
    });
    expect(denySelf.status).toBe(400);
    expect((await from(admin, OFFICE_V4, 'IpRestrictions', 'GetAuthorizationRestrictions', { accountId: contoso })).body).toEqual({ IsEnabled: false, Entries: [] });
  });

  it('saves allow and deny entries (IPv4, IPv6, CIDR, range) and reads them back, audited', async () => {
    const before = await lastAuditId(server);
    const saved = await from(admin, OFFICE_V4, 'IpRestrictions', 'SaveAuthorizationRestrictions', {
      companyAccountId: contoso,
      restrictions: {
        IsEnabled: true,
        Entries: [
          { Type: 'Allow', Ranges: '203.0.113.0/24,2001:db8:10::/48', Description: 'Office' },
          { Type: 'Allow', Ranges: '198.51.100.10-198.51.100.20' },
          { Type: 'Deny', Ranges: '203.0.113.66, 2001:db8:10::66' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const read = await from(admin, OFFICE_V4, 'IpRestrictions', 'GetAuthorizationRestrictions', { accountId: contoso });
    expect(read.body).toEqual({
      IsEnabled: true,
      Entries: [
        { Type: 'Allow', Ranges: '203.0.113.0/24, 2001:db8:10::/48', Description: 'Office' },
        { Type: 'Allow', Ranges: '198.51.100.10-198.51.100.20' },
        { Type: 'Deny', Ranges: '203.0.113.66, 2001:db8:10::66' },
      ],
    });
    // A department's account answers its company's list.
    const finance = await accountIdOf(server, 'Finance', 'Department');
    expect((await from(admin, OFFICE_V4, 'IpRestrictions', 'GetAuthorizationRestrictions', { accountId: finance })).body).toMatchObject({ IsEnabled: true });
    expect(await auditSince(server, before, 'IpRestrictionsSaved')).toEqual([expect.objectContaining({ account_id: contoso })]);
  });

  it.each([
    ['IPv4 in the CIDR block', OFFICE_V4, 200],
    ['IPv4 in the hyphenated range', '198.51.100.15', 200],
    ['IPv6 in the CIDR block', OFFICE_V6, 200],
    ['IPv4 outside every allow entry', '192.0.2.1', 403],
    ['IPv6 outside every allow entry', '2001:db8:99::1', 403],
    ['IPv4 denied inside an allowed block (deny wins)', '203.0.113.66', 403],
    ['IPv6 denied inside an allowed block (deny wins)', '2001:db8:10::66', 403],
  ])('sign-in from %s (%s) → %i, each refusal audited', async (_label, ip, expected) => {
    const before = await lastAuditId(server);
    const { result } = await signInFrom(ip, 'basic.user');
    expect(result.status).toBe(expected);
    const refusals = await auditSince(server, before, 'IpRestrictionRefused');
    if (expected === 403) {
      expect(result.message).toContain(`this address (${ip})`);
      expect(refusals).toEqual([
        expect.objectContaining({ account_id: await userIdOf(server, 'basic.user'), ip, details: { phase: 'sign-in', companyAccountId: contoso, ip } }),
      ]);
    } else {
      expect(refusals).toEqual([]);
    }
  });

  it('applies on every call: a session from an allowed address is refused from another one', async () => {
    const basic = await signInFrom(OFFICE_V4, 'basic.user');
    expect((await from(basic.api, OFFICE_V4, 'Authorization', 'GetCurrentUser')).status).toBe(200);
    const before = await lastAuditId(server);
    const moved = await from(basic.api, '192.0.2.55', 'Authorization', 'GetCurrentUser');
    expect(moved.status).toBe(403);
    expect(await auditSince(server, before, 'IpRestrictionRefused')).toEqual([expect.objectContaining({ details: { phase: 'call', companyAccountId: contoso, ip: '192.0.2.55' } })]);
  });

  it("another company's users are not affected, and its list is not reachable", async () => {
    const fabrikamUser = await signInFrom('192.0.2.1', 'nologin.user');
    expect(fabrikamUser.result.status).toBe(403); // no LOGIN capability, not the address
    expect((await auditSince(server, 0, 'IpRestrictionRefused')).every((row) => row.details.companyAccountId === contoso)).toBe(true);
    const reseller = await signInFrom('192.0.2.1', 'reseller.admin');
    expect(reseller.result.status).toBe(200);
    expect((await from(admin, OFFICE_V4, 'IpRestrictions', 'GetAuthorizationRestrictions', { accountId: fabrikam })).status).toBe(403);
    const cross = await from(admin, OFFICE_V4, 'IpRestrictions', 'SaveAuthorizationRestrictions', {
      companyAccountId: fabrikam,
      restrictions: { IsEnabled: true, Entries: [{ Type: 'Deny', Ranges: '0.0.0.0/0' }] },
    });
    expect(cross.status).toBe(403);
  });
});
