/**
 * The panels the app draws by name for a definition's stack part (contract/host-panels.ts): editors no generic
 * part draws yet, each given the part's context (the account it is about).
 */
import type { ScreenContext } from '../../engine/grids';
import type { HostPanels } from '../../renderers/grids/DefinedStack';
import { UserRolesPanel } from '../screens/admin-console/security/UserRolesPanel';
import { MfaPolicyPanel } from '../screens/account/MfaPolicyPanel';
import { UserMfaPanel } from '../screens/account/UserMfaPanel';
import { useAccount } from '../screens/account/account-queries';

const accountOf = (context: ScreenContext) => Number(context.accountId);

/** A user's panels name the user: its account's name. */
function NamedUserPanel({ userId, panel }: { userId: number; panel: 'roles' | 'mfa' }) {
  const name = String(useAccount(userId).data?.Views.Values?.DisplayName ?? userId);
  return panel === 'roles' ? <UserRolesPanel key={userId} userId={userId} userName={name} /> : <UserMfaPanel key={userId} userId={userId} userName={name} />;
}

export const hostPanels: HostPanels = {
  userRoles: (context) => <NamedUserPanel userId={accountOf(context)} panel="roles" />,
  mfaPolicy: (context) => <MfaPolicyPanel key={accountOf(context)} companyId={accountOf(context)} />,
  userMfa: (context) => <NamedUserPanel userId={accountOf(context)} panel="mfa" />,
};
