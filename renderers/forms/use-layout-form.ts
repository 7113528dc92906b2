/**
 * A form for a model: the engine's store plus what the React side needs
 * (moving to the page of a field, e.g. the first invalid one after submit).
 */
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { createFormStore, type ChangedValues, type FormModel, type FormServices, type FormStore, type SubmitResult } from '../../engine/forms';

export interface LayoutFormHandle {
  store: FormStore;
  /** The store's current model. */
  readonly model: FormModel;
  /** Saves the changed fields with `save`; on errors shows the page of the first invalid field and focuses it. */
  submit(save: (changes: ChangedValues) => Promise<unknown>): Promise<SubmitResult>;
  focusField(name: string): void;
  onFocusRequest(listener: (name: string) => void): () => void;
}

export function createLayoutForm(model: FormModel, options: { services?: FormServices; remoteDebounceMs?: number } = {}): LayoutFormHandle {
  const store = createFormStore(model, options);
  const listeners = new Set<(name: string) => void>();
  const focusField = (name: string) => listeners.forEach((listener) => listener(name));
  return {
    store,
    get model() {
      return store.model;
    },
    focusField,
    onFocusRequest(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async submit(save) {
      const result = await store.submit(save);
      if (!result.ok && result.firstInvalidField) focusField(result.firstInvalidField);
      return result;
    },
  };
}

/**
 * One form per set of services, disposed (pending checks aborted) when they change or the
 * screen goes. A new model (the studio's edited layout, a refetched account) goes to the same
 * store, so what the user typed stays and only the fields that changed are drawn again.
 */
export function useLayoutForm(model: FormModel, options: { services?: FormServices; remoteDebounceMs?: number } = {}): LayoutFormHandle {
  const { services, remoteDebounceMs } = options;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- later models are handed to this form's store below
  const form = useMemo(() => createLayoutForm(model, { services, remoteDebounceMs }), [services, remoteDebounceMs]);
  // Before paint: <LayoutForm> and the changed fields redraw from the store's new model in the same frame.
  useLayoutEffect(() => form.store.setModel(model), [form, model]);
  useEffect(() => () => form.store.dispose(), [form]);
  return form;
}
