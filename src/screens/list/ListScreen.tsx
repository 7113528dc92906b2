import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useMatchedRoute } from '../../router/matched-route';
import { getBranding } from '../../branding';
import { displayNameOf, organisationIdOf, useCurrentUser, userAccountPathOf } from '../../session/current-user';
import { DefinitionGridScreen } from './DefinitionGridScreen';

/**
 * A screen definition on a route, no code needed (issue 33): `/list/:definitionName` opens any
 * definition by its name, and a route of the table whose `drawnBy` names one (`/explore`,
 * `/service/:serviceId` …) opens that one. The route's parameters and the query string become the
 * definition's context (e.g. ?accountId=6); without an accountId the screen is about the signed-in
 * user's own account (its organisation; `companyId` its company), so a menu entry needs no address typed; `ownAccountId` is always that one
 * (a tree of the accounts within reach starts there), `userAccountPath` the user's account and those above it (what nobody moves). The signed-in user's name (`userName`), the branding's title
 * (`brandingTitle`) and, while impersonating, the impersonator's account (`impersonatorAccountId`) are context values
 * too (a heading may name them, a form may be refused by one); so are the user's address (`userEmail`, a form's
 * starting value) and, while MFA must be set up, `mustSetupMfa` ("true").
 */
export default function ListScreen() {
  const { definitionName = '', ...params } = useParams();
  const drawnBy = useMatchedRoute()?.drawnBy;
  const name = drawnBy && 'definition' in drawnBy && drawnBy.definition !== '*' ? drawnBy.definition : definitionName;
  const [search] = useSearchParams();
  const { data: user } = useCurrentUser();
  const own = user ? String(organisationIdOf(user)) : undefined;
  const userName = user ? displayNameOf(user) : undefined;
  const impersonator = user?.ImpersonatorAccountId ? String(user.ImpersonatorAccountId) : undefined;
  const companyId = user?.CompanyAccount?.AccountId;
  const userPath = user ? userAccountPathOf(user) : undefined;
  const email = user?.UserAccount?.Views?.Values?.Email;
  const userEmail = typeof email === 'string' && email !== '' ? email : undefined;
  const mustSetupMfa = user?.MustSetupMfa === true;
  const paramsKey = JSON.stringify(params);
  const context = useMemo(() => {
    const given = Object.entries(JSON.parse(paramsKey) as Record<string, string>).filter(([, value]) => value !== '');
    const host = {
      brandingTitle: getBranding().title,
      ...(userName ? { userName } : {}),
      ...(own ? { accountId: own } : {}),
      ...(companyId ? { companyId: String(companyId) } : {}),
      ...(impersonator ? { impersonatorAccountId: impersonator } : {}),
      ...(userEmail ? { userEmail } : {}),
      ...(mustSetupMfa ? { mustSetupMfa: 'true' } : {}),
    };
    return { ...host, ...Object.fromEntries(search.entries()), ...Object.fromEntries(given), ...(own ? { ownAccountId: own } : {}), ...(userPath ? { userAccountPath: userPath } : {}) };
  }, [search, own, userName, companyId, impersonator, userPath, userEmail, mustSetupMfa, paramsKey]);
  return <DefinitionGridScreen key={name} name={name} context={context} />;
}
