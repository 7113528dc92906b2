import type { SessionUser } from '../../contract';
import { getBranding } from '../branding';
import { displayNameOf, organisationIdOf, userAccountPathOf } from './current-user';

/**
 * A definition's context on a route (ListScreen): the host's values about the signed-in user, then the query
 * string, then the route's parameters; `ownAccountId` and `userAccountPath` always the user's own.
 * Also used to ask for the start page's data at sign-in, before it is drawn (src/App.tsx).
 */
export function screenContext(user: SessionUser | undefined, params: Record<string, string | undefined>, search: URLSearchParams): Record<string, string> {
  const own = user ? String(organisationIdOf(user)) : undefined;
  const email = user?.UserAccount?.Views?.Values?.Email;
  const companyId = user?.CompanyAccount?.AccountId;
  const userPath = user ? userAccountPathOf(user) : undefined;
  const host = {
    brandingTitle: getBranding().title,
    ...(user ? { userName: displayNameOf(user) } : {}),
    ...(own ? { accountId: own } : {}),
    ...(companyId ? { companyId: String(companyId) } : {}),
    ...(user?.ImpersonatorAccountId ? { impersonatorAccountId: String(user.ImpersonatorAccountId) } : {}),
    ...(typeof email === 'string' && email !== '' ? { userEmail: email } : {}),
    ...(user?.MustSetupMfa === true ? { mustSetupMfa: 'true' } : {}),
  };
  const given = Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return { ...host, ...Object.fromEntries(search.entries()), ...Object.fromEntries(given), ...(own ? { ownAccountId: own } : {}), ...(userPath ? { userAccountPath: userPath } : {}) };
}
