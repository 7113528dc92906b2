import { useMemo } from 'react';
import { useCurrentUser } from '../../../session/current-user';
import { DefinitionGridScreen } from '../../list/DefinitionGridScreen';

/** The admin console's Security section: the definition admin-security, opening on the user's own organisation. */
export function SecuritySection() {
  const companyId = useCurrentUser().data?.CompanyAccount?.AccountId;
  const context = useMemo(() => ({ accountId: companyId, ownAccountId: companyId }), [companyId]);
  if (companyId === undefined) return null;
  return <DefinitionGridScreen name="admin-security" context={context} showTitle={false} whenRefused="hide" height="max(360px, calc(100vh - 420px))" />;
}
