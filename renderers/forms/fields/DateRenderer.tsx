import { memo } from 'react';
import { isKind, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FieldFrame, inputProps } from './FieldFrame';

/** Dates with the browser's date input (value YYYY-MM-DD, shown in the user's locale). */
function DateRendererComponent({ field, state, store }: FieldRendererProps) {
  return (
    <FieldFrame field={field} state={state}>
      <input
        {...inputProps(field, state, store)}
        type="date"
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
