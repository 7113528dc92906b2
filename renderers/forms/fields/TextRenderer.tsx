import { memo } from 'react';
import { isKind, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FieldFrame, inputProps } from './FieldFrame';

/** Single-line text and e-mail. */
function TextRendererComponent({ field, state, store }: FieldRendererProps) {
  return (
    <FieldFrame field={field} state={state}>
      <input
        {...inputProps(field, state, store)}
        type={field.kind === 'email' ? 'email' : 'text'}
        value={typeof state.value === 'string' ? state.value : ''}
        placeholder={field.placeholder}
        maxLength={field.rules.maxLength ?? field.rules.length}
        autoComplete="off"
        onChange={(event) => store.setValue(field.name, event.target.value)}
      />
    </FieldFrame>
  );
}

export const textRenderer: FieldRendererEntry = {
  name: 'text',
  tester: rankWith(1, isKind('text', 'email')),
  component: memo(TextRendererComponent),
  kinds: ['text', 'email'],
};
