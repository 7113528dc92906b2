import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useMatchedRoute } from '../../router/matched-route';
import { useCurrentUser } from '../../session/current-user';
import { DefinitionGridScreen } from './DefinitionGridScreen';
import { screenContext } from '../../session/screen-context';

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
  // Kept while its values are (a refetched user of the same values is the same context).
  const key = JSON.stringify(screenContext(user, params, search));
  const context = useMemo(() => JSON.parse(key) as Record<string, string>, [key]);
  return <DefinitionGridScreen key={name} name={name} context={context} />;
}
