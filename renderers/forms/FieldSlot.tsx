import { memo } from 'react';
import type { FormStore } from '../../engine/forms';
import { useLayoutFormContext } from './form-context';
import { useFieldState } from './use-form-state';

/** One field: subscribes to its own state only and renders the renderer the testers chose. */
export const FieldSlot = memo(function FieldSlot({ store, name }: { store: FormStore; name: string }) {
  const { registry } = useLayoutFormContext();
  const state = useFieldState(store, name);
  if (!state.visible) return null;
  const field = store.model.fields[name];
  const Renderer = registry.componentFor(field.renderer);
  return <Renderer field={field} state={state} store={store} />;
});
