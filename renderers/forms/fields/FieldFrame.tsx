import type { ReactNode } from 'react';
import { useLayoutFormContext } from '../form-context';
import { helperIdOf, inputIdOf, type FieldRendererProps } from '../field-props';
import { messageText } from '../field-message';

/**
 * Label above, input, then one line of help, error or "checking". Plain
 * elements with the classes of field-styles.tsx: cheap to render by the
 * hundred, and no extra commit on the first keystroke.
 */
export function FieldFrame({ field, state, children, label = true }: Pick<FieldRendererProps, 'field' | 'state'> & { children: ReactNode; label?: boolean }) {
  const { t } = useLayoutFormContext();
  const error = state.error ? messageText(t, state.error) : undefined;
  const helper = error ?? (state.pending ? t('forms.checking') : field.help);
  return (
    <div className="lf-field" data-testid={`field-${field.name}`} data-field-state={state.pending ? 'pending' : error ? 'error' : 'ok'}>
      {label && (
        <label className="lf-label" htmlFor={inputIdOf(field.name)} data-error={error ? 'true' : undefined}>
          {field.label}
          {state.required && !state.readOnly && (
            <span className="lf-required" aria-hidden>
              *
            </span>
          )}
        </label>
      )}
      {children}
      {helper && (
        <p className="lf-help" id={helperIdOf(field.name)} data-error={error ? 'true' : undefined} role={error ? 'alert' : undefined}>
          {state.pending && !error && <span className="lf-spinner" aria-hidden />}
          {helper}
        </p>
      )}
    </div>
  );
}

/** Props every input shares: id for the label, described by the helper line, invalid when in error. */
export function inputProps(field: FieldRendererProps['field'], state: FieldRendererProps['state'], store: FieldRendererProps['store']) {
  return {
    id: inputIdOf(field.name),
    className: 'lf-input',
    readOnly: state.readOnly,
    'aria-describedby': state.error || state.pending || field.help ? helperIdOf(field.name) : undefined,
    'aria-invalid': state.error ? true : undefined,
    'aria-busy': state.pending || undefined,
    'aria-required': state.required || undefined,
    'data-testid': `input-${field.name}`,
    onBlur: () => store.touch(field.name),
  };
}
