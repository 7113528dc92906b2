/**
 * The state of one form, outside React: values, what the user touched, local
 * and remote validation, remote enum options, dirty tracking and submit.
 * Subscriptions are per field, so a keystroke re-renders one field only (the
 * cure for the per-keystroke re-render of large RJSF and react-admin forms).
 *
 * Remote checks are debounced, stale ones aborted, the record's own stored value
 * is never checked against itself, and submit waits for pending checks. Remote
 * enums reload when a field they depend on changes, and their stale value is
 * cleared at once; answers to superseded requests are dropped.
 */
import { evaluateCondition, isEmptyValue } from '../shared/conditions';
import type { EnumOption, FormFieldModel, FormModel } from './form-model';
import { reuseUnchanged } from './model-reuse';
import { validateValue, type ValidationMessage } from './validation';
import { sameSavedValue, toSavedValue, type FormValue, type SavedValue } from './values';

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

interface RemoteState {
  pending: boolean;
  error: FieldMessage | null;
  timer?: ReturnType<typeof setTimeout>;
  controller?: AbortController;
  run?: () => void;
}

interface OptionsState {
  options: EnumOption[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The dependent values the options were loaded for. */
  key: string | undefined;
  controller?: AbortController;
}

const emptyValueOf = (field: FormFieldModel): FormValue =>
  field.kind === 'multienum' ? [] : field.kind === 'boolean' ? false : field.kind === 'enum' ? null : '';

const CHECK_FAILED: FieldMessage = { key: 'forms.validation.checkFailed' };

export function createFormStore(initialModel: FormModel, options: FormStoreOptions = {}): FormStore {
  const services = options.services ?? {};
  const debounceMs = options.remoteDebounceMs ?? 350;
  const now = options.now ?? Date.now;
  let model = initialModel;
  let fields = model.fields;

  let values: Record<string, FormValue> = { ...model.initialValues };
  let initialSaved: Record<string, SavedValue> = savedOf(values);
  const touched = new Set<string>();
  const localErrors = new Map<string, ValidationMessage>();
  const remote = new Map<string, RemoteState>();
  const optionStates = new Map<string, OptionsState>();
  const changed = new Set<string>();
  const errored = new Set<string>();
  const snapshots = new Map<string, FieldState>();
  const fieldListeners = new Map<string, Set<() => void>>();
  const statusListeners = new Set<() => void>();
  const modelListeners = new Set<() => void>();
  const settledWaiters: (() => void)[] = [];
  let submitted = false;
  let submitting = false;
  let unlockedUntil: number | null = null;
  let relockTimer: ReturnType<typeof setTimeout> | undefined;
  let status: FormStatus = computeStatus();

  function savedOf(source: Record<string, FormValue>): Record<string, SavedValue> {
    return Object.fromEntries(model.fieldOrder.map((name) => [name, toSavedValue(fields[name].kind, source[name] ?? null)]));
  }

  const lookup = (name: string) => values[name];
  const isUnlocked = () => unlockedUntil !== null && now() < unlockedUntil;
  const isVisible = (field: FormFieldModel) => !field.visibleWhen || evaluateCondition(field.visibleWhen, lookup);
  const isRequired = (field: FormFieldModel) => field.required || (field.requiredWhen ? evaluateCondition(field.requiredWhen, lookup) : false);
  const isLocked = (field: FormFieldModel) => field.mfaRequired && !field.readOnly && !isUnlocked();
  /** Read-only by layout or condition: what nobody may change here (an MFA lock is lifted by the user). */
  const isFixed = (field: FormFieldModel) => field.readOnly || (field.readOnlyWhen ? evaluateCondition(field.readOnlyWhen, lookup) : false);
  const isReadOnly = (field: FormFieldModel) => isFixed(field) || isLocked(field);

  function updateErrored(name: string) {
    const has = localErrors.has(name) || Boolean(remote.get(name)?.error);
    if (has) errored.add(name);
    else errored.delete(name);
  }

  function validateLocal(name: string) {
    const field = fields[name];
    // A locked field is still checked: a required one left empty says so beside its unlock (issue 21).
    const error = !isVisible(field) || isFixed(field) ? null : validateValue(field.kind, field.rules, values[name], isRequired(field));
    if (error) localErrors.set(name, error);
    else localErrors.delete(name);
    updateErrored(name);
  }

  function computeField(name: string): FieldState {
    const field = fields[name];
    const remoteState = remote.get(name);
    const optionState = optionStates.get(name);
    const showLocal = touched.has(name) || submitted;
    return {
      value: values[name],
      visible: isVisible(field),
      required: isRequired(field),
      readOnly: isReadOnly(field),
      locked: isLocked(field),
      error: (showLocal ? localErrors.get(name) : undefined) ?? remoteState?.error ?? null,
      pending: remoteState?.pending ?? false,
      options: field.options ?? optionState?.options,
      optionsLoading: optionState?.loading ?? false,
      optionsFailed: optionState?.failed ?? false,
    };
  }

  function refresh(name: string) {
    const listeners = fieldListeners.get(name);
    if (!listeners?.size) {
      snapshots.delete(name); // computed again when someone asks
      return;
    }
    snapshots.set(name, computeField(name));
    for (const listener of listeners) listener();
  }

  function computeStatus(): FormStatus {
    const pageErrorCounts = model.pages.map(() => 0);
    if (submitted) for (const name of errored) pageErrorCounts[fields[name].page]++;
    return {
      dirty: changed.size > 0,
      pending: [...remote.values()].some((state) => state.pending),
      submitting,
      submitted,
      errorCount: errored.size,
      pageErrorCounts,
      mfaUnlockedUntil: unlockedUntil,
    };
  }

  function publishStatus() {
    const next = computeStatus();
    const same =
      next.dirty === status.dirty &&
      next.pending === status.pending &&
      next.submitting === status.submitting &&
      next.submitted === status.submitted &&
      next.errorCount === status.errorCount &&
      next.mfaUnlockedUntil === status.mfaUnlockedUntil &&
      next.pageErrorCounts.join() === status.pageErrorCounts.join();
    if (same) return;
    status = next;
    for (const listener of statusListeners) listener();
    if (!status.pending) settledWaiters.splice(0).forEach((resolve) => resolve());
  }

  function cancelRemote(state: RemoteState | undefined) {
    if (!state) return;
    clearTimeout(state.timer);
    state.controller?.abort();
    state.timer = undefined;
    state.controller = undefined;
    state.run = undefined;
  }

  function scheduleRemote(name: string) {
    const field = fields[name];
    if (!field.remoteValidation || !services.validateRemote) return;
    const state: RemoteState = remote.get(name) ?? { pending: false, error: null };
    remote.set(name, state);
    cancelRemote(state);
    const saved = toSavedValue(field.kind, values[name]);
    const worthChecking =
      isVisible(field) && !isReadOnly(field) && !localErrors.has(name) && saved !== null && !sameSavedValue(saved, initialSaved[name]);
    state.error = null;
    state.pending = worthChecking;
    if (!worthChecking) return;
    const validateRemote = services.validateRemote;
    state.run = () => {
      state.timer = undefined;
      state.run = undefined;
      const controller = new AbortController();
      state.controller = controller;
      validateRemote(field, saved, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          state.controller = undefined;
          state.pending = false;
          state.error = result.valid ? null : result.message ? { text: result.message } : { key: 'forms.validation.invalidFormat' };
          updateErrored(name);
          refresh(name);
          publishStatus();
        },
        () => {
          if (controller.signal.aborted) return;
          state.controller = undefined;
          state.pending = false;
          state.error = CHECK_FAILED;
          updateErrored(name);
          refresh(name);
          publishStatus();
        },
      );
    };
    state.timer = setTimeout(() => state.run?.(), debounceMs);
  }

  function dependentValues(field: FormFieldModel): Record<string, SavedValue> {
    return Object.fromEntries((field.remoteEnum?.dependsOn ?? []).map((on) => [on, toSavedValue(fields[on]?.kind ?? 'text', values[on] ?? null)]));
  }

  function loadOptions(name: string) {
    const field = fields[name];
    const state: OptionsState = optionStates.get(name) ?? { options: undefined, loading: false, failed: false, key: undefined };
    optionStates.set(name, state);
    state.controller?.abort();
    const depends = dependentValues(field);
    state.key = JSON.stringify(depends);
    state.failed = false;
    // A dependent enum has nothing to offer until its parents have values.
    if (Object.values(depends).some((value) => isEmptyValue(value)) || !services.loadOptions) {
      state.options = [];
      state.loading = false;
      state.controller = undefined;
      refresh(name);
      return;
    }
    const controller = new AbortController();
    state.controller = controller;
    state.loading = true;
    refresh(name);
    services.loadOptions(field, depends, controller.signal).then(
      (loaded) => {
        if (state.controller !== controller) return; // superseded
        state.controller = undefined;
        state.options = loaded;
        state.loading = false;
        refresh(name);
      },
      () => {
        if (state.controller !== controller) return;
        state.controller = undefined;
        state.loading = false;
        state.failed = true;
        refresh(name);
      },
    );
  }

  function assign(name: string, value: FormValue) {
    const field = fields[name];
    values[name] = value;
    if (sameSavedValue(toSavedValue(field.kind, value), initialSaved[name])) changed.delete(name);
    else changed.add(name);
    validateLocal(name);
    scheduleRemote(name);
    for (const dependent of model.conditionDependents[name] ?? []) {
      validateLocal(dependent);
      refresh(dependent);
    }
    for (const child of model.enumDependents[name] ?? []) {
      // The old choice belonged to the old parent value.
      if (!isEmptyValue(values[child])) assign(child, emptyValueOf(fields[child]));
      if (optionStates.has(child)) loadOptions(child);
    }
    refresh(name);
  }

  /** Forgets a field the new model no longer has. */
  function drop(name: string) {
    delete values[name];
    delete initialSaved[name];
    cancelRemote(remote.get(name));
    remote.delete(name);
    optionStates.get(name)?.controller?.abort();
    optionStates.delete(name);
    for (const set of [touched, changed, errored]) set.delete(name);
    localErrors.delete(name);
    snapshots.delete(name);
  }

  function setModel(next: FormModel) {
    if (next === model) return;
    const previous = model;
    model = reuseUnchanged(previous, next);
    fields = model.fields;
    for (const name of previous.fieldOrder) {
      if (fields[name]) continue;
      drop(name);
      for (const dependent of previous.conditionDependents[name] ?? []) if (fields[dependent]) refresh(dependent);
    }
    for (const name of model.fieldOrder) {
      const field = fields[name];
      const before = previous.fields[name];
      const start = model.initialValues[name];
      const startSaved = toSavedValue(field.kind, start);
      if (field === before && sameSavedValue(startSaved, initialSaved[name])) continue;
      initialSaved[name] = startSaved;
      const sameKind = before?.kind === field.kind;
      // The user's value stays; an untouched one follows the new start.
      const value = sameKind && changed.has(name) ? values[name] : start;
      const saved = toSavedValue(field.kind, value);
      if (sameKind && sameSavedValue(toSavedValue(field.kind, values[name]), saved)) {
        // Same value under a new definition: its checks and state only (its dependants keep theirs).
        if (sameSavedValue(saved, startSaved)) changed.delete(name);
        else changed.add(name);
        validateLocal(name);
        refresh(name);
      } else assign(name, value);
    }
    publishStatus();
    for (const listener of modelListeners) listener();
  }

  function settled(): Promise<void> {
    if (!computeStatus().pending) return Promise.resolve();
    return new Promise((resolve) => settledWaiters.push(resolve));
  }

  // Rules run when a field changes, is left, or on submit: a form of a thousand fields opens without checking them all.
  status = computeStatus();

  const store: FormStore = {
    get model() {
      return model;
    },
    getField(name) {
      let snapshot = snapshots.get(name);
      if (!snapshot) {
        snapshot = computeField(name);
        snapshots.set(name, snapshot);
      }
      return snapshot;
    },
    subscribeField(name, listener) {
      const listeners = fieldListeners.get(name) ?? new Set();
      fieldListeners.set(name, listeners);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getStatus: () => status,
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    setModel,
    subscribeModel(listener) {
      modelListeners.add(listener);
      return () => {
        modelListeners.delete(listener);
      };
    },
    setValue(name, value) {
      const field = fields[name];
      if (!field || isReadOnly(field)) return;
      assign(name, value);
      publishStatus();
    },
    touch(name) {
      if (touched.has(name) || !fields[name]) return;
      touched.add(name);
      validateLocal(name);
      refresh(name);
      publishStatus();
    },
    ensureOptions(name) {
      const field = fields[name];
      if (!field?.remoteEnum) return;
      const state = optionStates.get(name);
      if (state && state.key === JSON.stringify(dependentValues(field)) && !state.failed) return;
      loadOptions(name);
    },
    unlockMfa(untilMs) {
      unlockedUntil = untilMs;
      clearTimeout(relockTimer);
      relockTimer = setTimeout(() => {
        unlockedUntil = null;
        for (const name of model.fieldOrder) if (fields[name].mfaRequired) refresh(name);
        publishStatus();
      }, Math.max(0, untilMs - now()));
      for (const name of model.fieldOrder) if (fields[name].mfaRequired) refresh(name);
      publishStatus();
    },
    changedValues() {
      const changes: ChangedValues = {};
      for (const name of model.fieldOrder) {
        const field = fields[name];
        if (!changed.has(name) || field.readOnly || !isVisible(field)) continue;
        (changes[field.view] ??= {})[name] = toSavedValue(field.kind, values[name]);
      }
      return changes;
    },
    async submit(save) {
      if (submitting) return { ok: false };
      submitted = true;
      submitting = true;
      publishStatus();
      try {
        for (const state of remote.values()) state.run?.(); // no need to wait for the debounce now
        await settled();
        for (const name of model.fieldOrder) {
          validateLocal(name);
          refresh(name);
        }
        publishStatus();
        if (errored.size > 0) return { ok: false, firstInvalidField: model.fieldOrder.find((name) => errored.has(name)) };
        try {
          await save(store.changedValues());
        } catch (error) {
          return { ok: false, error };
        }
        initialSaved = savedOf(values);
        changed.clear();
        touched.clear();
        submitted = false;
        for (const name of model.fieldOrder) refresh(name);
        return { ok: true };
      } finally {
        submitting = false;
        publishStatus();
      }
    },
    async checkFields(names) {
      const known = names.filter((name) => fields[name]);
      for (const name of known) {
        touched.add(name);
        remote.get(name)?.run?.(); // no need to wait for the debounce now
      }
      await settled();
      for (const name of known) {
        validateLocal(name);
        refresh(name);
      }
      publishStatus();
      const firstInvalidField = known.find((name) => errored.has(name));
      return firstInvalidField === undefined ? { ok: true } : { ok: false, firstInvalidField };
    },
    currentValues() {
      return Object.fromEntries(model.fieldOrder.map((name) => [name, isVisible(fields[name]) ? toSavedValue(fields[name].kind, values[name]) : null]));
    },
    reset() {
      for (const state of remote.values()) {
        cancelRemote(state);
        state.pending = false;
        state.error = null;
      }
      values = { ...model.initialValues };
      for (const name of model.fieldOrder) values[name] = valueFromSaved(fields[name], initialSaved[name]);
      changed.clear();
      touched.clear();
      submitted = false;
      for (const name of model.fieldOrder) validateLocal(name);
      for (const name of optionStates.keys()) loadOptions(name);
      for (const name of model.fieldOrder) refresh(name);
      publishStatus();
    },
    dispose() {
      clearTimeout(relockTimer);
      for (const state of remote.values()) cancelRemote(state);
      for (const state of optionStates.values()) state.controller?.abort();
      fieldListeners.clear();
      statusListeners.clear();
      modelListeners.clear();
    },
  };
  return store;
}

/** The form value for a saved value (after a save, the saved values are the new start). */
function valueFromSaved(field: FormFieldModel, saved: SavedValue): FormValue {
  if (saved === null) return emptyValueOf(field);
  if (field.kind === 'number' || field.kind === 'integer') return String(saved);
  return saved;
}
