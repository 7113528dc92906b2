/**
 * What a form store is to its callers: field and form state, the server calls it needs
 * (FormServices) and its operations. The store itself: form-store.ts.
 */
import type { EnumOption, FormFieldModel, FormModel } from './form-model';
import type { ValidationMessage } from './validation';
import type { FormValue, SavedValue } from './values';

export interface RemoteCheckResult {
  valid: boolean;
  /** The server's translated reason. */
  message: string | null;
}

/** How the store reaches the server; the screen provides it (the engine does no I/O itself). */
export interface FormServices {
  loadOptions?(field: FormFieldModel, dependentValues: Record<string, SavedValue>, signal: AbortSignal): Promise<EnumOption[]>;
  validateRemote?(field: FormFieldModel, value: SavedValue, signal: AbortSignal): Promise<RemoteCheckResult>;
}

/** A message to show: a translation key (local rules) or a server text. */
export type FieldMessage = ValidationMessage | { text: string };

export interface FieldState {
  value: FormValue;
  visible: boolean;
  required: boolean;
  /** Read-only now: by layout, by condition, or MFA-locked. */
  readOnly: boolean;
  /** MFA-gated and not unlocked yet. */
  locked: boolean;
  /** The message to show now (local ones once touched or after a submit attempt). */
  error: FieldMessage | null;
  /** A remote check is waiting or running. */
  pending: boolean;
  options: EnumOption[] | undefined;
  optionsLoading: boolean;
  optionsFailed: boolean;
}

export interface FormStatus {
  dirty: boolean;
  /** Remote checks outstanding: submit waits for them. */
  pending: boolean;
  submitting: boolean;
  submitted: boolean;
  errorCount: number;
  /** Errors per page, counted once a submit was attempted (for tab badges). */
  pageErrorCounts: readonly number[];
  mfaUnlockedUntil: number | null;
}

/** Changed values only, shaped like account Views: view → field → value. */
export type ChangedValues = Record<string, Record<string, SavedValue>>;

export type SubmitResult = { ok: true } | { ok: false; firstInvalidField?: string; error?: unknown };

export interface FormStore {
  /** The current model: `setModel` replaces it. */
  readonly model: FormModel;
  getField(name: string): FieldState;
  subscribeField(name: string, listener: () => void): () => void;
  getStatus(): FormStatus;
  subscribeStatus(listener: () => void): () => void;
  /**
   * A new model of the same form (an edited layout, a refetched account): values the user
   * changed stay, the others follow the new model; only fields whose model or starting value
   * changed are computed and notified again.
   */
  setModel(next: FormModel): void;
  subscribeModel(listener: () => void): () => void;
  setValue(name: string, value: FormValue): void;
  touch(name: string): void;
  /** Loads a remote enum's options if they are missing or stale. */
  ensureOptions(name: string): void;
  unlockMfa(untilMs: number): void;
  changedValues(): ChangedValues;
  submit(save: (changes: ChangedValues) => Promise<unknown>): Promise<SubmitResult>;
  /** Checks some fields as submit would and shows their errors (a wizard's step before Next). */
  checkFields(names: readonly string[]): Promise<{ ok: boolean; firstInvalidField?: string }>;
  /** Every field's value as it would be saved, null while hidden (a wizard's final call). */
  currentValues(): Record<string, SavedValue>;
  /** Back to the values the form started with (discard). */
  reset(): void;
  dispose(): void;
}

export interface FormStoreOptions {
  services?: FormServices;
  /** Wait after the last keystroke before a remote check (ms). */
  remoteDebounceMs?: number;
  now?: () => number;
}
