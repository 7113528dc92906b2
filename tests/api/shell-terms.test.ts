import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { startTestServer, type TestServer } from '../support/test-server';

interface Terms {
  Id: number;
  Name: string;
  TermsText: string;
  PathToTermsPdf: string | null;
  IsPrivacyPolicy: boolean;
  AcceptedAt: string | null;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function userId(api: Awaited<ReturnType<TestServer['signedIn']>>): Promise<number> {
  return (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body.UserAccountId;
}

describe('terms and privacy', () => {
  it('lists the terms of use and the privacy policy, not accepted, then accepted after AcceptTermsAndConditions', async () => {
    const api = await server.signedIn('company.admin');
    const before = await api.call<Terms[]>('Account', 'GetMyConfirmedTerms');
    expect(before.status).toBe(200);
    expect(before.body.map((terms) => [terms.Name, terms.IsPrivacyPolicy, terms.AcceptedAt])).toEqual([
      ['Terms of use', false, null],
      ['Privacy policy', true, null],
    ]);
    expect(before.body[0].TermsText).toMatch(/^Terms of use/);
    expect(before.body[0].PathToTermsPdf).toBe(`/keeper/get/terms/${before.body[0].Id}.pdf`);

    const accountId = await userId(api);
    const asked = Date.now();
    const accepted = await api.call('Marketplace', 'AcceptTermsAndConditions', { accountId, productName: null });
    const answered = Date.now();
    expect(accepted.status).toBe(200);
    const after = await api.call<Terms[]>('Account', 'GetMyConfirmedTerms');
    // Accepted during the call (a second either side for a timestamp written in whole seconds).
    for (const terms of after.body) {
      expect(Date.parse(terms.AcceptedAt ?? '')).toBeGreaterThanOrEqual(asked - 1_000);
      expect(Date.parse(terms.AcceptedAt ?? '')).toBeLessThanOrEqual(answered + 1_000);
    }
    // Accepting twice keeps the first acceptance.
    await api.call('Marketplace', 'AcceptTermsAndConditions', { accountId: await userId(api) });
    expect((await api.call<Terms[]>('Account', 'GetMyConfirmedTerms')).body[0].AcceptedAt).toBe(after.body[0].AcceptedAt);

    // Another user's acceptance is their own.
    const other = await server.signedIn('basic.user');
    expect((await other.call<Terms[]>('Account', 'GetMyConfirmedTerms')).body.every((terms) => terms.AcceptedAt === null)).toBe(true);
  });

  it("accepts the marketplace terms only for the caller's own user account", async () => {
    const admin = await server.signedIn('company.admin');
    const basic = await server.signedIn('basic.user');
    // basic.user is below Contoso, so the scope check passes; accepting for someone else does not.
    const result = await admin.call('Marketplace', 'AcceptTermsAndConditions', { accountId: await userId(basic) });
    expect(result.status).toBe(400);
    expect(result.message).toBe('You can accept the terms of use only for your own user account.');
    const root = await server.signedIn('root.admin');
    expect((await basic.call('Marketplace', 'AcceptTermsAndConditions', { accountId: await userId(root) })).status).toBe(403);
  });

  it("accepts a product's terms for an account in reach, and refuses an unknown product", async () => {
    const api = await server.signedIn('company.admin');
    const company = (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body.CompanyAccount!.AccountId;
    expect((await api.call('Marketplace', 'AcceptTermsAndConditions', { accountId: company, productName: 'Load Balancer' })).status).toBe(200);
    const unknown = await api.call('Marketplace', 'AcceptTermsAndConditions', { accountId: company, productName: 'Perpetual Motion' });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('The product Perpetual Motion does not exist.');
  });

  it('refuses acceptance while impersonating: only the user can accept', async () => {
    const basicId = await userId(await server.signedIn('basic.user'));
    const reseller = await server.signedIn('reseller.admin');
    expect((await reseller.call('Authorization', 'Impersonate', { userAccountId: basicId })).status).toBe(200);
    const refused = await reseller.call('Marketplace', 'AcceptTermsAndConditions', { accountId: basicId });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('The terms cannot be accepted while impersonating another user.');
    // Reading them is fine, and shows nothing accepted.
    const terms = await reseller.call<Terms[]>('Account', 'GetMyConfirmedTerms');
    expect(terms.body.every((document) => document.AcceptedAt === null)).toBe(true);
  });

  it('serves the PDF of a document to signed-in users only', async () => {
    const api = await server.signedIn('basic.user');
    const [terms] = (await api.call<Terms[]>('Account', 'GetMyConfirmedTerms')).body;
    const pdf = await api.get(terms.PathToTermsPdf!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="Terms_of_use.pdf"');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);

    expect((await api.get('/keeper/get/terms/999999.pdf')).status).toBe(404);
    expect((await api.get('/keeper/get/terms/..%2Fsecret')).status).toBe(404);
    const anonymous = await server.client();
    const refused = await anonymous.get(terms.PathToTermsPdf!);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('not signed in');
  });
});
