import { Suspense, useSyncExternalStore } from 'react';
import { lazyWhenIdle } from '../load-when-idle';
import { confirmStore } from './confirm-store';

// The dialog's code stays off the first screen's critical path (the login page's JavaScript budget).
const ConfirmDialog = lazyWhenIdle(() => import('./ConfirmDialog'));

/** Shows the pending confirm() request, if any. Mounted once per layout. */
export function ConfirmHost() {
  const request = useSyncExternalStore(confirmStore.subscribe, confirmStore.getSnapshot, confirmStore.getSnapshot);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog key={request.id} request={request} />
    </Suspense>
  );
}
