import { memo } from 'react';
import { isKind, rankWith } from '../../../engine/forms';
import { useNumberText } from '../../inputs/number-text';
import { useLayoutFormContext } from '../form-context';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FieldFrame, inputProps } from './FieldFrame';

/**
 * Numbers as typed text (the engine checks "numbers only" and the bounds; the value is a number when saved).
 * A stored number shows in the page's language ("25,08" on a German page), what is typed stays as typed.
 */
function NumberRendererComponent({ field, state, store }: FieldRendererProps) {
  const { locale } = useLayoutFormContext();
  const [text, setText] = useNumberText(typeof state.value === 'string' ? state.value : '', locale);
  return (
    <FieldFrame field={field} state={state}>
      <input
        {...inputProps(field, state, store)}
        type="text"
        inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
        value={text}
        placeholder={field.placeholder}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          store.setValue(field.name, event.target.value);
        }}
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
