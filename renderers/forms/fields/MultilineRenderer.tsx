import { memo } from 'react';
import { isKind, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FieldFrame, inputProps } from './FieldFrame';

/** Longer text (DisplayTemplate Multiline). */
function MultilineRendererComponent({ field, state, store }: FieldRendererProps) {
  const props = inputProps(field, state, store);
  return (
    <FieldFrame field={field} state={state}>
      <textarea
        {...props}
        className="lf-input lf-textarea"
        rows={3}
        value={typeof state.value === 'string' ? state.value : ''}
        placeholder={field.placeholder}
        maxLength={field.rules.maxLength}
        onChange={(event) => store.setValue(field.name, event.target.value)}
      />
    </FieldFrame>
  );
}

export const multilineRenderer: FieldRendererEntry = {
  name: 'multiline',
  tester: rankWith(3, isKind('multiline')),
  component: memo(MultilineRendererComponent),
  kinds: ['multiline'],
};
