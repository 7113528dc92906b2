import { memo } from 'react';
import { and, hasTemplate, isKind, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FieldFrame, inputProps } from './FieldFrame';

/** The current local time as a datetime-local value (the earliest a user may pick). */
export function localDateTimeNow(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** A String field with DisplayTemplate DateTime: a local date and time, e.g. when a wizard's action should run. */
function DateTimeRendererComponent({ field, state, store }: FieldRendererProps) {
  return (
    <FieldFrame field={field} state={state}>
      <input
        {...inputProps(field, state, store)}
        type="datetime-local"
        value={typeof state.value === 'string' ? state.value : ''}
        min={localDateTimeNow()}
        onChange={(event) => store.setValue(field.name, event.target.value)}
      />
    </FieldFrame>
  );
}

export const dateTimeRenderer: FieldRendererEntry = {
  name: 'dateTime',
  tester: rankWith(3, and(isKind('text'), hasTemplate('DateTime'))),
  component: memo(DateTimeRendererComponent),
  kinds: ['text'],
};
