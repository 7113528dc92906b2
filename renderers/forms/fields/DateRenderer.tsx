import { memo } from 'react';
import { isKind, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FieldFrame, inputProps } from './FieldFrame';

/** Today plus some days in the user's own calendar, yyyy-mm-dd (the picker's bound; the rule itself is in date-bounds.ts). */
function localDay(days: number | undefined): string | undefined {
  if (days === undefined) return undefined;
  const date = new Date();
  date.setDate(date.getDate() + Math.trunc(days));
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Dates with the browser's date input (value YYYY-MM-DD, shown in the user's locale); a field's Minimum/Maximum (days from today) bound the picker. */
function DateRendererComponent({ field, state, store }: FieldRendererProps) {
  return (
    <FieldFrame field={field} state={state}>
      <input
        {...inputProps(field, state, store)}
        type="date"
        min={localDay(field.rules.minimum)}
        max={localDay(field.rules.maximum)}
        value={typeof state.value === 'string' ? state.value : ''}
        onChange={(event) => store.setValue(field.name, event.target.value)}
      />
    </FieldFrame>
  );
}

export const dateRenderer: FieldRendererEntry = {
  name: 'date',
  tester: rankWith(2, isKind('date')),
  component: memo(DateRendererComponent),
  kinds: ['date'],
};
