import { memo } from 'react';
import { isKind, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FieldFrame, inputProps } from './FieldFrame';

/** Yes/no values: the label sits beside the box. */
function CheckboxRendererComponent({ field, state, store }: FieldRendererProps) {
  const { className: _className, readOnly: _readOnly, onBlur: _onBlur, ...props } = inputProps(field, state, store);
  return (
    <FieldFrame field={field} state={state} label={false}>
      <label className="lf-check">
        <input
          {...props}
          type="checkbox"
          checked={state.value === true}
          disabled={state.readOnly}
          onChange={(event) => {
            store.setValue(field.name, event.target.checked);
            store.touch(field.name);
          }}
        />
        {field.label}
      </label>
    </FieldFrame>
  );
}

export const checkboxRenderer: FieldRendererEntry = {
  name: 'checkbox',
  tester: rankWith(2, isKind('boolean')),
  component: memo(CheckboxRendererComponent),
  kinds: ['boolean'],
};
