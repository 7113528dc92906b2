import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { startTestServer, type TestServer } from '../support/test-server';

interface AccountHit {
  AccountId: number;
  AccountType: string;
  AccountState: string;
  DisplayName: string;
  Icon: string | null;
}
interface ServiceHits {
  Services: { Id: number; DisplayName: string; Icon: string | null }[];
  TotalCount: number;
}

/** The shell's service search (spec §3, §9): the filter and sort the header sends. */
const shellServiceSearch = (text: string) => ({
  limit: 100,
  options: { DisplayName: text, OwnerAccountIds: [], ServiceCategories: [], ServiceTags: [], ShowNewOnly: false, Source: { Type: 'Root' } },
  orderBy: { Key: 'Ranking', Value: 'ASC' },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function searchAccounts(user: string, text: string): Promise<AccountHit[]> {
  const api = await server.signedIn(user);
  const result = await api.call<AccountHit[]>('Account', 'SearchAccount', { text });
  expect(result.status).toBe(200);
  return result.body;
}

describe('Account/SearchAccount', () => {
  it('finds accounts by any word prefix of the display name, with type and state', async () => {
    const hits = await searchAccounts('root.admin', 'northw');
    expect(hits[0]).toMatchObject({ DisplayName: 'Northwind Cloud', AccountType: 'Reseller', AccountState: 'Active', Icon: null });
    const byWords = await searchAccounts('root.admin', 'contoso   LT');
    expect(byWords.map((hit) => hit.DisplayName)).toContain('Contoso Ltd');
  });

  it('finds an account by its AccountIdentificator, whole or in parts', async () => {
    const api = await server.signedIn('company.admin');
    const me = (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
    const identificator = String(me.CompanyAccount?.Views.Values.AccountIdentificator);
    expect(identificator).toMatch(/^[A-Z]+-\d+$/);
    const whole = await api.call<AccountHit[]>('Account', 'SearchAccount', { text: identificator });
    expect(whole.body.map((hit) => hit.AccountId)).toContain(me.CompanyAccount?.AccountId);
    const digits = await api.call<AccountHit[]>('Account', 'SearchAccount', { text: identificator.split('-')[1] });
    expect(digits.body[0].AccountId).toBe(me.CompanyAccount?.AccountId);
  });

  it("keeps to the caller's reach: nothing above or beside the caller's account", async () => {
    // company.admin reaches Contoso and below, not its reseller nor other companies.
    expect(await searchAccounts('company.admin', 'Northwind')).toEqual([]);
    expect(await searchAccounts('company.admin', 'Fabrikam')).toEqual([]);
    expect((await searchAccounts('company.admin', 'Olivia')).map((hit) => hit.DisplayName)).toContain('Olivia Bennett');
    // basic.user belongs to Contoso's Engineering department: Olivia (Contoso itself) is out of reach.
    expect(await searchAccounts('basic.user', 'Olivia')).toEqual([]);
    expect((await searchAccounts('basic.user', 'Harry')).map((hit) => hit.DisplayName)).toContain('Harry Walsh');
  });

  it('returns at most 20 accounts, names starting with the text first, terminated ones after active ones', async () => {
    // Every AccountIdentificator has a word of digits starting with 1 (CO-100001, ...).
    expect(await searchAccounts('root.admin', '1')).toHaveLength(20);
    const hits = await searchAccounts('root.admin', 'co');
    const starts = hits.map((hit) => hit.DisplayName.toLowerCase().startsWith('co'));
    expect(starts[0]).toBe(true);
    expect(starts.indexOf(false) === -1 || starts.slice(starts.indexOf(false)).every((start) => !start)).toBe(true);
    const microsoft = await searchAccounts('company.admin', 'Microsoft');
    const states = microsoft.map((hit) => hit.AccountState);
    expect(states.lastIndexOf('Active')).toBeLessThan(states.includes('Terminated') ? states.indexOf('Terminated') : Infinity);
  });

  it('answers an empty list for text without letters or digits, and treats % and _ literally', async () => {
    expect(await searchAccounts('root.admin', ' -- ')).toEqual([]);
    expect(await searchAccounts('root.admin', '%')).toEqual([]);
    expect(await searchAccounts('root.admin', 'zzqx_')).toEqual([]);
  });

  it('refuses anonymous callers and empty text', async () => {
    const anonymous = await server.client();
    expect((await anonymous.call('Account', 'SearchAccount', { text: 'a' })).status).toBe(401);
    const api = await server.signedIn('root.admin');
    expect((await api.call('Account', 'SearchAccount', { text: '' })).status).toBe(400);
  });
});

describe('Marketplace/SearchServices', () => {
  it('searches the services by contained text, sorted by ranking, with the total count', async () => {
    const api = await server.signedIn('root.admin');
    const result = await api.call<ServiceHits>('Marketplace', 'SearchServices', shellServiceSearch('backup'));
    expect(result.status).toBe(200);
    const names = result.body.Services.map((service) => service.DisplayName);
    expect(names.length).toBeGreaterThan(3);
    expect(names.every((name) => name.toLowerCase().includes('backup'))).toBe(true);
    expect(result.body.TotalCount).toBe(names.length);
    const limited = await api.call<ServiceHits>('Marketplace', 'SearchServices', { ...shellServiceSearch('backup'), limit: 2 });
    expect(limited.body.Services).toHaveLength(2);
    expect(limited.body.TotalCount).toBe(names.length);
    expect(limited.body.Services.map((service) => service.DisplayName)).toEqual(names.slice(0, 2));
  });

  it("shows a company only the services of its reseller's pricelists assigned to it", async () => {
    const root = await server.signedIn('root.admin');
    const company = await server.signedIn('company.admin');
    const all = (await root.call<ServiceHits>('Marketplace', 'SearchServices', shellServiceSearch(''))).body.TotalCount;
    const contoso = (await company.call<ServiceHits>('Marketplace', 'SearchServices', shellServiceSearch(''))).body;
    expect(contoso.TotalCount).toBeGreaterThan(0);
    expect(contoso.TotalCount).toBeLessThan(all);
  });

  it('applies the category, tag and new-only filters', async () => {
    const api = await server.signedIn('root.admin');
    const search = (options: Record<string, unknown>) =>
      api.call<ServiceHits>('Marketplace', 'SearchServices', { limit: 100, options: { Source: { Type: 'Root' }, ...options } });
    const security = (await search({ ServiceCategories: ['Security'] })).body;
    const newOnly = (await search({ ShowNewOnly: true })).body;
    const telephony = (await search({ ServiceTags: ['telephony'] })).body;
    expect(security.Services.map((service) => service.DisplayName)).toContain('Litware Email Security');
    expect(security.Services.map((service) => service.DisplayName)).not.toContain('Load Balancer');
    expect(newOnly.Services.map((service) => service.DisplayName)).toContain('Managed Kubernetes Cluster');
    expect(newOnly.Services.map((service) => service.DisplayName)).not.toContain('Load Balancer');
    expect(telephony.Services.map((service) => service.DisplayName).sort()).toEqual(['Adatum Contact Center Seat', 'Teams Phone Standard']);
  });

  it('needs Marketplace Read, and refuses an unknown source or sort key with a text', async () => {
    const basic = await server.signedIn('basic.user');
    expect((await basic.call('Marketplace', 'SearchServices', shellServiceSearch('a'))).status).toBe(403);
    const api = await server.signedIn('root.admin');
    const source = await api.call('Marketplace', 'SearchServices', { options: { Source: { Type: 'Galaxy' } } });
    expect(source.status).toBe(400);
    expect(source.message).toBe('The service search source Galaxy is not supported.');
    const order = await api.call('Marketplace', 'SearchServices', { orderBy: { Key: 'Colour', Value: 'ASC' } });
    expect(order.status).toBe(400);
    expect(order.message).toBe('Services cannot be sorted by Colour.');
  });
});
