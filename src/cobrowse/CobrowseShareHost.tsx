import { lazy, Suspense, useEffect } from 'react';
import { subscribeCobrowse } from '../realtime/server-events';
import { onShareEvent, stopLeftOverSession } from './share-session';
import { useShareState } from './share-state';

// The consent dialog and the banner load when the user first asks to share (issue 38).
const CobrowseShareUi = lazy(() => import('./CobrowseShareUi'));

/** In the signed-in shell: hears the live connection's co-browse frames and shows the sharing UI while needed. */
export function CobrowseShareHost() {
  const state = useShareState();
  useEffect(() => {
    stopLeftOverSession();
    return subscribeCobrowse(onShareEvent);
  }, []);
  if (state.phase === 'idle') return null;
  return (
    <Suspense fallback={null}>
      <CobrowseShareUi state={state} />
    </Suspense>
  );
}
