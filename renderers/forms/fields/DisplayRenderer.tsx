import { memo, useEffect } from 'react';
import { useLayoutFormContext } from '../form-context';
import { FIELD_KINDS, formatDisplayValue, isReadOnly, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import { helperIdOf, inputIdOf, type FieldRendererProps } from '../field-props';
import { messageText } from '../field-message';

/** Read-only fields (VIEW mode, layout flag, missing capability) as text, formatted in the user's locale. */
function DisplayRendererComponent({ field, state, store }: FieldRendererProps) {
  const { t, locale } = useLayoutFormContext();
  useEffect(() => {
    store.ensureOptions(field.name);
  }, [store, field.name]);
  const text = formatDisplayValue(field, state.value, locale, { yes: t('forms.yes'), no: t('forms.no'), empty: t('forms.empty') }, state.options);
  const labelId = `${inputIdOf(field.name)}-label`;
  // An MFA-locked field is read-only only until unlocked: it says when it is required and what is wrong, as when editable.
  const error = state.locked && state.error ? messageText(t, state.error) : undefined;
  return (
    <div className="lf-field" data-testid={`field-${field.name}`}>
      <div className="lf-display-label" id={labelId}>
        {field.label}
        {state.locked && state.required && (
          <span className="lf-required" aria-hidden>
            *
          </span>
        )}
      </div>
      <div
        className="lf-display-value"
        data-testid={`value-${field.name}`}
        style={field.kind === 'multiline' ? { whiteSpace: 'pre-wrap' } : undefined}
      >
        {text}
      </div>
      {error && (
        <p className="lf-help" id={helperIdOf(field.name)} data-error="true" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export const displayRenderer: FieldRendererEntry = {
  name: 'display',
  tester: rankWith(10, isReadOnly),
  component: memo(DisplayRendererComponent),
  kinds: FIELD_KINDS,
};
