/**
 * The buttons the app draws for a definition's record by name (contract/host-actions.ts; a panes head's
 * `hostActions`): what the engine cannot know — which lifecycle actions the signed-in user may take on an
 * account (the type's actions, the caller's rights, never on their own account or above) — stays the app's.
 */
import { lazy, Suspense } from 'react';
import type { HostActions } from '../../renderers/grids/PanesHead';
import { useCurrentUser } from '../session/current-user';

// Its code comes when a record's head draws it, not with every definition screen (issue 37).
const LifecycleActions = lazy(() => import('../screens/lifecycle/LifecycleActions').then((module) => ({ default: module.LifecycleActions })));

function AccountLifecycle({ record }: { record: Record<string, unknown> }) {
  const user = useCurrentUser().data;
  if (!user || typeof record.AccountId !== 'number') return null;
  return (
    <Suspense fallback={null}>
      <LifecycleActions accountId={record.AccountId} accountType={String(record.AccountType ?? '')} accountState={String(record.AccountState ?? 'Active')} capabilities={user.Capability} />
    </Suspense>
  );
}

export const hostActions: HostActions = {
  accountLifecycle: (record) => <AccountLifecycle record={record} />,
};
