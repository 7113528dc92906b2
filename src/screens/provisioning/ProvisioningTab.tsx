import { useMemo } from 'react';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

/**
 * The provisioning tab of an account (/account/:accountId/provisioning): the
 * provisioning grid limited to this account and the accounts below it. Mount it
 * lazily (`lazy(() => import('../provisioning/ProvisioningTab'))`) so AG Grid
 * loads only with the tab. Without a provisioning capability it shows nothing.
 */
export function ProvisioningTab({ accountId }: { accountId: number }) {
  const context = useMemo(() => ({ accountId }), [accountId]);
  return <DefinitionGridScreen name="provisioning" context={context} showTitle={false} whenRefused="hide" height="max(360px, calc(100vh - 340px))" />;
}

export default ProvisioningTab;
