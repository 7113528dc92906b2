/** React bindings of the engine's form store: one subscription per field, one for the form's status, one for its model. */
import { useCallback, useSyncExternalStore } from 'react';
import type { FieldState, FormModel, FormStatus, FormStore } from '../../engine/forms';

export function useFieldState(store: FormStore, name: string): FieldState {
  const subscribe = useCallback((listener: () => void) => store.subscribeField(name, listener), [store, name]);
  const snapshot = useCallback(() => store.getField(name), [store, name]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function useFormStatus(store: FormStore): FormStatus {
  return useSyncExternalStore(store.subscribeStatus, store.getStatus, store.getStatus);
}

/** The store's current model: a new one (an edited layout) comes through `store.setModel`. */
export function useFormModel(store: FormStore): FormModel {
  const snapshot = useCallback(() => store.model, [store]);
  return useSyncExternalStore(store.subscribeModel, snapshot, snapshot);
}
