/**
 * The panels the app draws by name for a definition's stack part (contract/host-panels.ts): editors no generic
 * part draws yet, each given the part's context (the account it is about).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { ScreenContext } from '../../engine/grids';
import type { HostPanels } from '../../renderers/grids/DefinedStack';
import { PageSpinner } from '../components/PageSpinner';
import { useAccount } from '../screens/account/account-queries';

// Each panel's code comes when it is drawn, as the host tabs' (host-tabs.tsx): every definition screen is handed
// these panels, the start page too, which draws none of them (issue 37).
const UserRolesPanel = lazy(() => import('../screens/admin-console/security/UserRolesPanel').then((module) => ({ default: module.UserRolesPanel })));
const MfaPolicyPanel = lazy(() => import('../screens/account/MfaPolicyPanel').then((module) => ({ default: module.MfaPolicyPanel })));
const UserMfaPanel = lazy(() => import('../screens/account/UserMfaPanel').then((module) => ({ default: module.UserMfaPanel })));

/** A panel waits for its code in its own place, not the whole screen's. */
const loaded = (panel: ReactNode) => <Suspense fallback={<PageSpinner />}>{panel}</Suspense>;

const accountOf = (context: ScreenContext) => Number(context.accountId);

/** A user's panels name the user: its account's name. */
function NamedUserPanel({ userId, panel }: { userId: number; panel: 'roles' | 'mfa' }) {
  const name = String(useAccount(userId).data?.Views.Values?.DisplayName ?? userId);
  return loaded(panel === 'roles' ? <UserRolesPanel key={userId} userId={userId} userName={name} /> : <UserMfaPanel key={userId} userId={userId} userName={name} />);
}

export const hostPanels: HostPanels = {
  userRoles: (context) => <NamedUserPanel userId={accountOf(context)} panel="roles" />,
  mfaPolicy: (context) => loaded(<MfaPolicyPanel key={accountOf(context)} companyId={accountOf(context)} />),
  userMfa: (context) => <NamedUserPanel userId={accountOf(context)} panel="mfa" />,
};
