/**
 * A form's remote checks (a field's value checked by the server): debounced after the last
 * keystroke, a superseded check aborted, the record's own stored value never checked against
 * itself, and a way for submit to run the waiting ones at once.
 */
import type { FormFieldModel } from './form-model';
import type { FieldMessage, FormServices } from './form-store-types';
import { sameSavedValue, type SavedValue } from './values';

interface RemoteState {
  pending: boolean;
  error: FieldMessage | null;
  timer?: ReturnType<typeof setTimeout>;
  controller?: AbortController;
  run?: () => void;
}

/** What the checks need of the store. */
export interface RemoteCheckHost {
  field(name: string): FormFieldModel;
  /** The value as it would be saved now, and as the form started with. */
  saved(name: string): { now: SavedValue; start: SavedValue };
  /** Visible, editable and locally valid: only such a value is worth the server's time. */
  checkable(name: string): boolean;
  /** A check ended: the field's error changed. */
  answered(name: string): void;
}

const CHECK_FAILED: FieldMessage = { key: 'forms.validation.checkFailed' };

export function createRemoteChecks(validate: FormServices['validateRemote'], debounceMs: number, host: RemoteCheckHost) {
  const states = new Map<string, RemoteState>();

  function cancel(state: RemoteState | undefined) {
    if (!state) return;
    clearTimeout(state.timer);
    state.controller?.abort();
    state.timer = undefined;
    state.controller = undefined;
    state.run = undefined;
  }

  function finish(name: string, state: RemoteState, controller: AbortController, error: FieldMessage | null) {
    if (controller.signal.aborted) return;
    state.controller = undefined;
    state.pending = false;
    state.error = error;
    host.answered(name);
  }

  /** After a change: drops the last answer and checks the new value once the user pauses. */
  function schedule(name: string) {
    const field = host.field(name);
    if (!field.remoteValidation || !validate) return;
    const state: RemoteState = states.get(name) ?? { pending: false, error: null };
    states.set(name, state);
    cancel(state);
    const { now, start } = host.saved(name);
    const worthChecking = now !== null && host.checkable(name) && !sameSavedValue(now, start);
    state.error = null;
    state.pending = worthChecking;
    if (!worthChecking) return;
    state.run = () => {
      state.timer = undefined;
      state.run = undefined;
      const controller = new AbortController();
      state.controller = controller;
      validate(field, now, controller.signal).then(
        (result) => finish(name, state, controller, result.valid ? null : result.message ? { text: result.message } : { key: 'forms.validation.invalidFormat' }),
        () => finish(name, state, controller, CHECK_FAILED),
      );
    };
    state.timer = setTimeout(() => state.run?.(), debounceMs);
  }

  return {
    schedule,
    error: (name: string) => states.get(name)?.error ?? null,
    pending: (name: string) => states.get(name)?.pending ?? false,
    anyPending: () => [...states.values()].some((state) => state.pending),
    /** Runs a waiting check now instead of after the debounce (submit, a wizard's Next). */
    runNow(name?: string) {
      if (name === undefined) for (const state of states.values()) state.run?.();
      else states.get(name)?.run?.();
    },
    drop(name: string) {
      cancel(states.get(name));
      states.delete(name);
    },
    /** Forgets every answer (discard). */
    clear() {
      for (const state of states.values()) {
        cancel(state);
        state.pending = false;
        state.error = null;
      }
    },
    dispose() {
      for (const state of states.values()) cancel(state);
    },
  };
}

export type RemoteChecks = ReturnType<typeof createRemoteChecks>;
