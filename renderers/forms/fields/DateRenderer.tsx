import { memo } from 'react';
import { isKind, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FormDateInput } from './FormDateInput';
import { FieldFrame, inputProps } from './FieldFrame';

/** Today plus some days in the user's own calendar, yyyy-mm-dd (the picker's bound; the rule itself is in date-bounds.ts). */
function localDay(days: number | undefined): string | undefined {
  if (days === undefined) return undefined;
  const date = new Date();
  date.setDate(date.getDate() + Math.trunc(days));
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Dates in the portal's language with the one date input (value YYYY-MM-DD); a field's Minimum/Maximum (days from today) bound the picker. */
function DateRendererComponent({ field, state, store }: FieldRendererProps) {
  return (
    <FieldFrame field={field} state={state}>
      <FormDateInput {...dateInputProps(field, state, store)} min={localDay(field.rules.minimum)} max={localDay(field.rules.maximum)} />
    </FieldFrame>
  );
}

/** What the form's date and date-time inputs share: the field's id, name, state and the store. */
export function dateInputProps(field: FieldRendererProps['field'], state: FieldRendererProps['state'], store: FieldRendererProps['store']) {
  const common = inputProps(field, state, store);
  return {
    id: common.id,
    testId: common['data-testid'],
    ariaLabel: field.label,
    ariaDescribedBy: common['aria-describedby'],
    readOnly: state.readOnly,
    required: state.required,
    ariaRequired: (state.required && !state.readOnly) || undefined,
    error: Boolean(state.error),
    size: 'small' as const,
    fullWidth: true,
    onBlur: common.onBlur,
    value: typeof state.value === 'string' ? state.value : '',
    onChange: (value: string) => store.setValue(field.name, value),
  };
}

export const dateRenderer: FieldRendererEntry = {
  name: 'date',
  tester: rankWith(2, isKind('date')),
  component: memo(DateRendererComponent),
  kinds: ['date'],
};
