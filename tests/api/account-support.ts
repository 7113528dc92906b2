/** Helpers of the account API tests: ids from sessions, MFA sign-in, codes of the next TOTP step. */
import { generate } from 'otplib';
import { DEFAULT_DEMO_TOTP_SECRET } from '../../server/config';
import type { SessionUser } from '../../contract';
import type { LoadedAccount } from '../../contract/services/account-schemas';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, type TestServer } from '../support/test-server';

export async function sessionOf(api: ApiClient): Promise<SessionUser> {
  return (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
}

export async function companyIdOf(api: ApiClient): Promise<number> {
  const company = (await sessionOf(api)).CompanyAccount;
  if (!company) throw new Error('no company');
  return company.AccountId;
}

/** A TOTP code `stepsAhead` time steps from now (the server accepts one step of drift; each step once). */
export const totpCodeAhead = (stepsAhead: number, secret = DEFAULT_DEMO_TOTP_SECRET): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** mfa.user signed in with a code of the current step. */
export async function signedInWithMfa(server: TestServer): Promise<ApiClient> {
  const api = await server.client();
  await api.signIn('mfa.user', DEMO_PASSWORD);
  const result = await api.call('Authorization', 'Authenticate', { userName: 'mfa.user', password: DEMO_PASSWORD, mfaToken: await totpCodeAhead(0) });
  if (result.status !== 200) throw new Error(`MFA sign-in failed: ${result.text}`);
  return api;
}

export async function loadAccount(api: ApiClient, accountId: number): Promise<LoadedAccount> {
  const result = await api.call<LoadedAccount>('Account', 'LoadAccountById', { accountId });
  if (result.status !== 200) throw new Error(`LoadAccountById ${accountId}: ${result.status} ${result.text}`);
  return result.body;
}

export function valuesOf(account: LoadedAccount): Record<string, unknown> {
  return account.Views.Values ?? {};
}
