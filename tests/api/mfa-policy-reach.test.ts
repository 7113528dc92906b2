/**
 * Issue 36 item 4: the policy screen's count uses sign-in's own rule (POLICY_BINDS): a company-only
 * policy does not cover users in departments, so excepting a department changes neither; a hierarchy
 * policy does, by exactly the users sign-in stops sending to set-up. Refusals: exceptions outside the company, a reset of a user outside reach — nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

interface Overview { UsersBound: number; UsersWithoutMethod: number }
interface Hit { AccountId: number; AccountType: string; DisplayName: string }

let server: TestServer;
let root: ApiClient;
let contosoId: number;
let engineeringId: number;
let fabrikamId: number;
beforeAll(async () => {
  server = await startTestServer();
  root = await server.signedIn('root.admin');
  const find = async (text: string, type: string) => (await root.call<Hit[]>('Account', 'SearchAccount', { text })).body.find((hit) => hit.AccountType === type)!.AccountId;
  contosoId = await find('Contoso Ltd', 'Company');
  engineeringId = await find('Engineering', 'Department');
  fabrikamId = await find('Fabrikam', 'Company');
  await server.importsSettled(); // the demo's imports add users to Contoso at start
});
afterAll(() => server.close());

const preview = async (hierarchy: boolean, exceptionAccountIds: number[]) =>
  (await root.call<Overview>('Account', 'GetMfaPolicyOverview', { companyAccountId: contosoId, hierarchy, allowedMethods: null, exceptionAccountIds })).body;

describe('whom an MFA policy covers', () => {
  it('a company-only policy ignores a department exception; a hierarchy policy drops that department', async () => {
    const company = await preview(false, []);
    expect(await preview(false, [engineeringId])).toEqual(expect.objectContaining({ UsersBound: company.UsersBound }));
    const hierarchy = await preview(true, []);
    const withoutEngineering = await preview(true, [engineeringId]);
    expect(hierarchy.UsersBound).toBeGreaterThan(company.UsersBound);
    expect(withoutEngineering.UsersBound).toBeLessThan(hierarchy.UsersBound);
  });

  it('sign-in enforces exactly what the count said: the excepted department signs in freely, a covered user must set up', async () => {
    const saved = await root.call('Account', 'UpdateHierarchyMFAPolicy', { companyMFAPolicy: { CompanyAccountId: contosoId, IsEnforced: true, ExceptionAccountIds: [engineeringId] } });
    expect(saved.status).toBe(200);
    const signIn = async (userName: string) => {
      const api = new ApiClient(server.url);
      return (await api.signIn(userName, DEMO_PASSWORD)).body as SessionUser;
    };
    expect((await signIn('basic.user')).MustSetupMfa).toBe(false);
    expect((await signIn('password.user')).MustSetupMfa).toBe(true);
    const counted = (await root.call<Overview>('Account', 'GetMfaPolicyOverview', { companyAccountId: contosoId })).body;
    expect(counted).toEqual(await preview(true, [engineeringId]));
  });

  it('exempting a department lowers the count exactly as much as it lowers the users sign-in sends to set-up', async () => {
    // Whom sign-in sends to set-up: each user's own MustSetupMfa, computed as at sign-in (loadUser).
    const sentToSetUp = async () => {
      const users = await server.server.db.query<{ id: number }>(
        `SELECT u.account_id AS id FROM users u JOIN accounts a ON a.id = u.account_id JOIN accounts c ON c.id = $1
          WHERE a.state <> 'Terminated' AND a.path LIKE c.path || '/%'`,
        [contosoId],
      );
      const summaries = await Promise.all(users.map(async ({ id }) => (await root.call<{ MustSetupMfa: boolean }>('Account', 'GetUserMfaSummary', { userAccountId: Number(id) })).body));
      return summaries.filter((summary) => summary.MustSetupMfa).length;
    };
    const enforce = async (ExceptionAccountIds: number[]) =>
      expect((await root.call('Account', 'UpdateHierarchyMFAPolicy', { companyMFAPolicy: { CompanyAccountId: contosoId, IsEnforced: true, ExceptionAccountIds } })).status).toBe(200);
    await enforce([]);
    const everyone = await sentToSetUp();
    expect(everyone).toBe((await preview(true, [])).UsersWithoutMethod);
    await enforce([engineeringId]);
    const withoutEngineering = await sentToSetUp();
    expect(withoutEngineering).toBe((await preview(true, [engineeringId])).UsersWithoutMethod);
    expect(withoutEngineering).toBeLessThan(everyone);
  });

  it('refuses exceptions outside the company in the caller language, and keeps the policy', async () => {
    const before = (await root.call('Account', 'GetHierarchyMFAPolicy', { companyAccountId: contosoId })).body;
    const german = new ApiClient(server.url, 'de');
    await german.signIn('root.admin', DEMO_PASSWORD);
    const refused = await german.call('Account', 'UpdateHierarchyMFAPolicy', { companyMFAPolicy: { CompanyAccountId: contosoId, IsEnforced: true, ExceptionAccountIds: [fabrikamId] } });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Jede Ausnahme muss ein Konto innerhalb der Hierarchie dieses Unternehmens sein.');
    expect((await root.call('Account', 'GetHierarchyMFAPolicy', { companyAccountId: contosoId })).body).toEqual(before);
  });

  it('refuses a reset of a user outside the caller reach, and the methods of that user stay as they were', async () => {
    const german = new ApiClient(server.url, 'de');
    await german.signIn('reseller.admin', DEMO_PASSWORD);
    // Northwind's admin reaches its customers; a user of the marketplace owner's own company is beyond it.
    const rootUser = (await root.call<SessionUser>('Authorization', 'GetCurrentUser')).body.UserAccountId;
    const before = (await root.call('Account', 'GetUserMfaSummary', { userAccountId: rootUser })).body;
    const refused = await german.call('Account', 'DisableMfaForUser', { userAccountId: rootUser });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.message).toBe('Sie haben keinen Zugriff auf dieses Konto.');
    expect((await root.call('Account', 'GetUserMfaSummary', { userAccountId: rootUser })).body).toEqual(before);
  });
});
