/**
 * The user's side of co-browsing (issue 38) as a small store the shell reads: asked for consent, the
 * code shown while waiting for support, live while a support person watches. No rrweb here: the
 * recorder is imported when a support person joins (recording.ts), so the shell stays light.
 */
import { useSyncExternalStore } from 'react';

export type ShareState =
  | { phase: 'idle' }
  | { phase: 'consent' }
  | { phase: 'waiting'; sessionId: string; code: string; expiresAt: string }
  | { phase: 'live'; sessionId: string; code: string; agentName: string };

let state: ShareState = { phase: 'idle' };
const listeners = new Set<() => void>();

export const shareState = (): ShareState => state;

export function setShareState(next: ShareState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useShareState = (): ShareState => useSyncExternalStore(subscribe, shareState);

/** The session being shared now, if any. */
export const sharedSessionId = (): string | undefined => (state.phase === 'waiting' || state.phase === 'live' ? state.sessionId : undefined);
