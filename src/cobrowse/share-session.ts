/**
 * The user's actions and the live connection's frames for co-browsing (issue 38): start after
 * consent, record once a support person joined, stop from the banner, end when the other side stops.
 * A shared page that is left (reload, sign-out) is stopped the next time the shell starts.
 */
import type { CobrowseEventData } from '../../contract/realtime';
import i18n from 'i18next';
import { callService } from '../api';
import { showInfo } from '../messages';
import { shareState, setShareState, sharedSessionId } from './share-state';
import type { Recording } from './recording';
import { SHARED_SESSION_KEY as STORAGE_KEY } from './shared-marker';
let recording: Recording | undefined;

/** The support menu's entry: ask for consent first. */
export const askToShare = () => setShareState({ phase: 'consent' });
export const cancelConsent = () => setShareState({ phase: 'idle' });

export async function startSharing(): Promise<void> {
  try {
    const started = await callService('Cobrowse', 'StartCobrowse', {});
    sessionStorage.setItem(STORAGE_KEY, started.SessionId);
    setShareState({ phase: 'waiting', sessionId: started.SessionId, code: started.Code, expiresAt: started.ExpiresAt });
  } catch {
    // The error was shown by the service client.
    setShareState({ phase: 'idle' });
  }
}

function ended(): void {
  recording?.stop();
  recording = undefined;
  sessionStorage.removeItem(STORAGE_KEY);
  setShareState({ phase: 'idle' });
}

/** Stop at any time: recording ends at once, then the server tells the support person. */
export async function stopSharing(): Promise<void> {
  const sessionId = sharedSessionId();
  ended();
  if (sessionId) await callService('Cobrowse', 'StopCobrowse', { SessionId: sessionId }, { suppressErrors: true }).catch(() => undefined);
}

/** The code expired while nobody joined: sharing stops, and the user is told why. */
export async function codeExpired(sessionId: string): Promise<void> {
  if (shareState().phase !== 'waiting' || sharedSessionId() !== sessionId) return;
  await stopSharing();
  showInfo(i18n.t('cobrowse.banner.expired'));
}

/** A session left open by a page that is gone (reload): nobody watches it any more. */
export function stopLeftOverSession(): void {
  const left = sessionStorage.getItem(STORAGE_KEY);
  if (!left || sharedSessionId() === left) return;
  sessionStorage.removeItem(STORAGE_KEY);
  void callService('Cobrowse', 'StopCobrowse', { SessionId: left }, { suppressErrors: true }).catch(() => undefined);
}

/** A co-browse frame of the live connection for the user's side. */
export function onShareEvent(event: CobrowseEventData): void {
  const state = shareState();
  if (state.phase !== 'waiting' && state.phase !== 'live') return;
  if (event.SessionId !== state.sessionId) return;
  if (event.Event === 'CobrowseEnded') return ended();
  if (event.Event === 'CobrowseJoined' && state.phase === 'waiting') {
    setShareState({ phase: 'live', sessionId: state.sessionId, code: state.code, agentName: event.AgentName });
    void import('./recording').then(({ startRecording }) => {
      if (sharedSessionId() === state.sessionId && !recording) recording = startRecording(state.sessionId, () => void stopSharing());
    });
  }
}
