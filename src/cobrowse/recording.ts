/**
 * Recording the user's page while a support person watches (issue 38), loaded on demand: rrweb's
 * record with the masking of masking.ts, its events sent in batches to Cobrowse/RelayCobrowseEvents
 * one after the other (the server hands them on in order). An event too large to relay is dropped
 * here, and a new full snapshot is taken so the support person's view recovers.
 */
import { record } from 'rrweb';
import { COBROWSE_MAX_BATCH_CHARS, COBROWSE_MAX_BATCH_EVENTS, COBROWSE_MAX_EVENT_CHARS } from '../../contract/services/cobrowse';
import { callService } from '../api';
import { maskingOptions } from './masking';

const FLUSH_EVERY_MS = 250;

export interface Recording {
  stop(): void;
}

/** Starts recording and relaying for a session; stop() ends both. */
export function startRecording(sessionId: string, onFailure: () => void): Recording {
  let pending: string[] = [];
  let sending = false;
  let stopped = false;

  const flush = async () => {
    if (sending || stopped || pending.length === 0) return;
    sending = true;
    try {
      while (pending.length > 0 && !stopped) {
        const batch: string[] = [];
        let size = 2;
        while (pending.length > 0 && batch.length < COBROWSE_MAX_BATCH_EVENTS && size + pending[0].length + 1 <= COBROWSE_MAX_BATCH_CHARS) {
          size += pending[0].length + 1;
          batch.push(pending.shift()!);
        }
        await callService('Cobrowse', 'RelayCobrowseEvents', { SessionId: sessionId, Events: `[${batch.join(',')}]` }, { suppressErrors: true });
      }
    } catch {
      // The session ended or the server refused: stop sharing (the banner goes).
      if (!stopped) onFailure();
    } finally {
      sending = false;
    }
  };

  const stopRecord = record({
    ...maskingOptions,
    emit(event) {
      const text = JSON.stringify(event);
      if (text.length > COBROWSE_MAX_EVENT_CHARS) {
        console.warn('cobrowse: an event too large to relay was dropped', text.length);
        return;
      }
      pending.push(text);
    },
    // Fewer mouse positions: the pointer still moves smoothly in the replay.
    sampling: { mousemove: 50, scroll: 150, input: 'last' },
    recordCanvas: false,
    collectFonts: false,
    inlineImages: false,
  });
  const timer = window.setInterval(() => void flush(), FLUSH_EVERY_MS);

  return {
    stop() {
      stopped = true;
      window.clearInterval(timer);
      stopRecord?.();
      pending = [];
    },
  };
}
