/**
 * A form's remote enums: options loaded from the server for the values of the fields they
 * depend on, loaded again when those change; an answer to a superseded request is dropped, and
 * a dependent enum offers nothing until its parents have values.
 */
import { isEmptyValue } from '../shared/conditions';
import type { EnumOption, FormFieldModel } from './form-model';
import type { FormServices } from './form-store-types';
import type { SavedValue } from './values';

interface OptionsState {
  options: EnumOption[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The dependent values the options were loaded for. */
  key: string | undefined;
  controller?: AbortController;
}

/** What the loader needs of the store. */
export interface RemoteOptionsHost {
  field(name: string): FormFieldModel;
  /** The saved values of the fields this enum depends on. */
  dependentValues(field: FormFieldModel): Record<string, SavedValue>;
  /** The field's options changed (loading, loaded, failed). */
  changed(name: string): void;
}

export function createRemoteOptions(load: FormServices['loadOptions'], host: RemoteOptionsHost) {
  const states = new Map<string, OptionsState>();

  function reload(name: string) {
    const field = host.field(name);
    const state: OptionsState = states.get(name) ?? { options: undefined, loading: false, failed: false, key: undefined };
    states.set(name, state);
    state.controller?.abort();
    const depends = host.dependentValues(field);
    state.key = JSON.stringify(depends);
    state.failed = false;
    if (Object.values(depends).some((value) => isEmptyValue(value)) || !load) {
      state.options = [];
      state.loading = false;
      state.controller = undefined;
      host.changed(name);
      return;
    }
    const controller = new AbortController();
    state.controller = controller;
    state.loading = true;
    host.changed(name);
    const settle = (options: EnumOption[] | undefined, failed: boolean) => {
      if (state.controller !== controller) return; // superseded
      state.controller = undefined;
      if (options) state.options = options;
      state.loading = false;
      state.failed = failed;
      host.changed(name);
    };
    load(field, depends, controller.signal).then(
      (loaded) => settle(loaded, false),
      () => settle(undefined, true),
    );
  }

  return {
    reload,
    /** Loads the options if they are missing, failed, or were loaded for other parent values. */
    ensure(name: string) {
      const field = host.field(name);
      const state = states.get(name);
      if (state && state.key === JSON.stringify(host.dependentValues(field)) && !state.failed) return;
      reload(name);
    },
    /** Reloads the options if they were ever asked for (a parent changed). */
    reloadIfShown(name: string) {
      if (states.has(name)) reload(name);
    },
    reloadAll() {
      for (const name of states.keys()) reload(name);
    },
    state: (name: string) => states.get(name),
    drop(name: string) {
      states.get(name)?.controller?.abort();
      states.delete(name);
    },
    dispose() {
      for (const state of states.values()) state.controller?.abort();
    },
  };
}
