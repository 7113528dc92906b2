import { lazy, memo, Suspense } from 'react';
import { and, FIELD_KINDS, isReadOnly, needsMfa, not, rankWith } from '../../../engine/forms';
import { useLayoutFormContext } from '../form-context';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';

// The lock and its MUI parts load with the first locked field; meanwhile the value shows read-only.
const MfaLockedField = lazy(() => import('./MfaLockedField'));

/**
 * Fields that need a fresh MFA proof to change: read-only until the user passes
 * the MFA step, then the field's own renderer. The server refuses the change
 * without the proof either way.
 */
function MfaGatedRendererComponent(props: FieldRendererProps) {
  const { field, state } = props;
  const { registry } = useLayoutFormContext();
  const Direct = registry.componentFor(field.directRenderer);
  if (!state.locked) return <Direct {...props} />;
  const Display = registry.componentFor('display');
  return (
    <Suspense fallback={<Display {...props} />}>
      <MfaLockedField {...props} />
    </Suspense>
  );
}

export const mfaGatedRenderer: FieldRendererEntry = {
  name: 'mfaGated',
  tester: rankWith(20, and(needsMfa, not(isReadOnly))),
  component: memo(MfaGatedRendererComponent),
  kinds: FIELD_KINDS,
  wraps: true,
};
