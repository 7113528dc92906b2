import { memo } from 'react';
import { isKind, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FieldFrame, inputProps } from './FieldFrame';

/** Numbers as typed text (the engine checks "numbers only" and the bounds; the value is a number when saved). */
function NumberRendererComponent({ field, state, store }: FieldRendererProps) {
  return (
    <FieldFrame field={field} state={state}>
      <input
        {...inputProps(field, state, store)}
        type="text"
        inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
        value={typeof state.value === 'string' ? state.value : ''}
        placeholder={field.placeholder}
        autoComplete="off"
        onChange={(event) => store.setValue(field.name, event.target.value)}
      />
    </FieldFrame>
  );
}

export const numberRenderer: FieldRendererEntry = {
  name: 'number',
  tester: rankWith(2, isKind('number', 'integer')),
  component: memo(NumberRendererComponent),
  kinds: ['number', 'integer'],
};
