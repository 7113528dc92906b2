import { lazy, memo, Suspense, useEffect } from 'react';
import { isKind, rankWith, type EnumOption } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FieldFrame, inputProps } from './FieldFrame';

const AutocompleteField = lazy(() => import('./AutocompleteField'));

function labelOf(options: readonly EnumOption[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return options?.find((option) => String(option.value) === String(value))?.label ?? String(value);
}

/** A single choice among the layout's own options: the browser's select, fast and accessible. */
function NativeSelect({ field, state, store }: FieldRendererProps) {
  const options = state.options ?? [];
  const { readOnly, ...props } = inputProps(field, state, store);
  const index = options.findIndex((option) => String(option.value) === String(state.value));
  // A stored value the options no longer offer is still shown (and saved unchanged).
  const stale = index < 0 && state.value !== null && state.value !== '' && !Array.isArray(state.value);
  return (
    <select
      {...props}
      className="lf-input lf-select"
      disabled={readOnly}
      value={index >= 0 ? String(index) : stale ? 'stale' : ''}
      onChange={(event) => {
        const { value } = event.target;
        if (value !== 'stale') store.setValue(field.name, value === '' ? null : (options[Number(value)]?.value ?? null));
        store.touch(field.name);
      }}
    >
      <option value="" />
      {stale && <option value="stale">{String(state.value)}</option>}
      {options.map((option, position) => (
        <option key={String(option.value)} value={String(position)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Enums (DisplayTemplate Combobox). The layout's own options: a native select.
 * Remote options (loaded by the store, reloaded when a field they depend on
 * changes) and multiple values: a searchable MUI Autocomplete, loaded on first use.
 */
function ComboboxRendererComponent(props: FieldRendererProps) {
  const { field, state, store } = props;
  useEffect(() => {
    store.ensureOptions(field.name);
  }, [store, field.name]);
  const searchable = Boolean(field.remoteEnum) || field.kind === 'multienum';
  return (
    <FieldFrame field={field} state={state}>
      {searchable ? (
        <Suspense fallback={<input {...inputProps(field, state, store)} readOnly value={Array.isArray(state.value) ? state.value.map((value) => labelOf(state.options, value)).join(', ') : labelOf(state.options, state.value)} />}>
          <AutocompleteField {...props} />
        </Suspense>
      ) : (
        <NativeSelect {...props} />
      )}
    </FieldFrame>
  );
}

export const comboboxRenderer: FieldRendererEntry = {
  name: 'combobox',
  tester: rankWith(3, isKind('enum', 'multienum')),
  component: memo(ComboboxRendererComponent),
  kinds: ['enum', 'multienum'],
};
