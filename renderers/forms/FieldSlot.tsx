import { memo } from 'react';
import type { FormStore } from '../../engine/forms';
import { useLayoutFormContext } from './form-context';
import { useFieldState } from './use-form-state';

const WIDE_KINDS = new Set(['multiline', 'multienum']);
const SENSITIVE_NAMES = /iban|password|secret/i;

const isSensitiveField = (field: { name: string; mfaRequired: boolean }) => field.mfaRequired || SENSITIVE_NAMES.test(field.name);

/**
 * One field in its grid cell: subscribes to its own state only (the store notifies it when the
 * value or the field's model changes) and renders the renderer the testers chose.
 */
export const FieldSlot = memo(function FieldSlot({ store, name }: { store: FormStore; name: string }) {
  const { registry } = useLayoutFormContext();
  const state = useFieldState(store, name);
  const field = store.model.fields[name];
  const Renderer = registry.componentFor(field.renderer);
  return (
    // A sensitive field (MFA-gated, or an IBAN or secret by name) is masked at the source while the user shares the screen (issue 38, src/cobrowse/masking.ts).
    <div className={WIDE_KINDS.has(field.kind) ? 'lf-cell lf-cell-wide' : 'lf-cell'} data-sensitive={isSensitiveField(field) ? '' : undefined}>
      {state.visible && <Renderer field={field} state={state} store={store} />}
    </div>
  );
});
