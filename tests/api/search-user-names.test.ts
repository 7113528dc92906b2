/**
 * Issue 36 item 2: the header search and the search results page find users by their user name, and every
 * account hit carries what tells two of one name apart: the user name, the account it sits in, its id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface AccountHit {
  AccountId: number;
  AccountType: string;
  DisplayName: string;
  UserName?: string;
  Organisation?: string | null;
}

let server: TestServer;
let companyAdmin: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  companyAdmin = await server.signedIn('company.admin');
});
afterAll(() => server.close());

const search = async (api: ApiClient, text: string) => {
  const result = await api.call<AccountHit[]>('Account', 'SearchAccount', { text });
  expect(result.status).toBe(200);
  return result.body;
};

describe('searching users by user name', () => {
  it('finds mfa.user by the start of its user name, with its user name and company', async () => {
    const hits = await search(companyAdmin, 'mfa');
    expect(hits).toEqual([expect.objectContaining({ DisplayName: 'Amelia Clarke', AccountType: 'User', UserName: 'mfa.user', Organisation: 'Contoso Ltd' })]);
    const paged = await companyAdmin.call<{ Accounts: AccountHit[]; HasMore: boolean }>('Account', 'SearchAccountsPage', { text: 'MFA.us', startRow: 0 });
    expect(paged.body.Accounts.map((hit) => hit.UserName)).toEqual(['mfa.user']);
  });

  it('keeps user names to the caller reach', async () => {
    // basic.user sits in Contoso's Engineering department; mfa.user sits in Contoso itself.
    expect(await search(await server.signedIn('basic.user'), 'mfa')).toEqual([]);
    // mfa.setup.user belongs to Fabrikam, beyond company.admin.
    expect((await search(companyAdmin, 'mfa.setup')).length).toBe(0);
  });

  it('tells two users of one name apart by user name, organisation and id', async () => {
    const engineering = (await search(companyAdmin, 'Engineering')).find((hit) => hit.AccountType === 'Department')!;
    const roles = await companyAdmin.call<{ Value: number; DisplayName: string }[]>('Account', 'ResolveRemoteEnum', {
      enumRequest: { FieldName: 'Role', AccountType: 'User', ParentAccountId: engineering.AccountId },
    });
    const basicRole = roles.body.find((role) => role.DisplayName === 'Basic user')!.Value;
    const userName = `amelia.eng${Date.now() % 100_000}`;
    const created = await companyAdmin.call('Account', 'CreateAccount', {
      parentAccountId: engineering.AccountId,
      accountType: 'User',
      viewValues: { Values: { Firstname: 'Amelia', Lastname: 'Clarke', Email: `${userName}@contoso.example`, Username: userName, Language: 'en', Role: basicRole } },
    });
    expect(created.status).toBe(200);

    // Other tests on this database may have added more of the name: each one still differs.
    const hits = (await search(companyAdmin, 'Amelia Clarke')).filter((hit) => hit.DisplayName === 'Amelia Clarke');
    expect(hits.map((hit) => [hit.UserName, hit.Organisation])).toEqual(expect.arrayContaining([
      [userName, 'Engineering'],
      ['mfa.user', 'Contoso Ltd'],
    ]));
    expect(new Set(hits.map((hit) => hit.UserName)).size).toBe(hits.length);
    expect(new Set(hits.map((hit) => hit.AccountId)).size).toBe(hits.length);
  });
});
