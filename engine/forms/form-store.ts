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
import type { FormFieldModel, FormModel } from './form-model';
import type { ChangedValues, FieldState, FormStatus, FormStore, FormStoreOptions } from './form-store-types';
import { reuseUnchanged } from './model-reuse';
import { createRemoteChecks } from './remote-checks';
import { createRemoteOptions } from './remote-options';
import { validateValue, type ValidationMessage } from './validation';
import { sameSavedValue, toSavedValue, type FormValue, type SavedValue } from './values';

export type {
  ChangedValues,
  FieldMessage,
  FieldState,
  FormServices,
  FormStatus,
  FormStore,
  FormStoreOptions,
  RemoteCheckResult,
  SubmitResult,
} from './form-store-types';

const emptyValueOf = (field: FormFieldModel): FormValue =>
  field.kind === 'multienum' ? [] : field.kind === 'boolean' ? false : field.kind === 'enum' ? null : '';

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
  let status!: FormStatus; // computed once the checks exist, below

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
    const has = localErrors.has(name) || Boolean(checks.error(name));
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
    const optionState = enums.state(name);
    const showLocal = touched.has(name) || submitted;
    return {
      value: values[name],
      visible: isVisible(field),
      required: isRequired(field),
      readOnly: isReadOnly(field),
      locked: isLocked(field),
      error: (showLocal ? localErrors.get(name) : undefined) ?? checks.error(name),
      pending: checks.pending(name),
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
      pending: checks.anyPending(),
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

  const checks = createRemoteChecks(services.validateRemote, debounceMs, {
    field: (name) => fields[name],
    saved: (name) => ({ now: toSavedValue(fields[name].kind, values[name]), start: initialSaved[name] }),
    checkable: (name) => isVisible(fields[name]) && !isReadOnly(fields[name]) && !localErrors.has(name),
    answered(name) {
      updateErrored(name);
      refresh(name);
      publishStatus();
    },
  });

  function dependentValues(field: FormFieldModel): Record<string, SavedValue> {
    return Object.fromEntries((field.remoteEnum?.dependsOn ?? []).map((on) => [on, toSavedValue(fields[on]?.kind ?? 'text', values[on] ?? null)]));
  }

  const enums = createRemoteOptions(services.loadOptions, { field: (name) => fields[name], dependentValues, changed: refresh });

  function assign(name: string, value: FormValue) {
    const field = fields[name];
    values[name] = value;
    if (sameSavedValue(toSavedValue(field.kind, value), initialSaved[name])) changed.delete(name);
    else changed.add(name);
    validateLocal(name);
    checks.schedule(name);
    for (const dependent of model.conditionDependents[name] ?? []) {
      validateLocal(dependent);
      refresh(dependent);
    }
    for (const child of model.enumDependents[name] ?? []) {
      // The old choice belonged to the old parent value.
      if (!isEmptyValue(values[child])) assign(child, emptyValueOf(fields[child]));
      enums.reloadIfShown(child);
    }
    refresh(name);
  }

  /** Forgets a field the new model no longer has. */
  function drop(name: string) {
    delete values[name];
    delete initialSaved[name];
    checks.drop(name);
    enums.drop(name);
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
      if (fields[name]?.remoteEnum) enums.ensure(name);
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
        checks.runNow(); // no need to wait for the debounce now
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
        checks.runNow(name); // no need to wait for the debounce now
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
      checks.clear();
      values = { ...model.initialValues };
      for (const name of model.fieldOrder) values[name] = valueFromSaved(fields[name], initialSaved[name]);
      changed.clear();
      touched.clear();
      submitted = false;
      for (const name of model.fieldOrder) validateLocal(name);
      enums.reloadAll();
      for (const name of model.fieldOrder) refresh(name);
      publishStatus();
    },
    dispose() {
      clearTimeout(relockTimer);
      checks.dispose();
      enums.dispose();
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
