/**
 * A form for a model: the engine's store plus what the React side needs
 * (moving to the page of a field, e.g. the first invalid one after submit).
 */
import { useEffect, useMemo } from 'react';
import { createFormStore, type ChangedValues, type FormModel, type FormServices, type FormStore, type SubmitResult } from '../../engine/forms';

export interface LayoutFormHandle {
  store: FormStore;
  model: FormModel;
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
    model,
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

/** One form per model, disposed (pending checks aborted) when the model changes or the screen goes. */
export function useLayoutForm(model: FormModel, options: { services?: FormServices; remoteDebounceMs?: number } = {}): LayoutFormHandle {
  const { services, remoteDebounceMs } = options;
  const form = useMemo(() => createLayoutForm(model, { services, remoteDebounceMs }), [model, services, remoteDebounceMs]);
  useEffect(() => () => form.store.dispose(), [form]);
  return form;
}
