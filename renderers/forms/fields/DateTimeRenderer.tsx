import { memo } from 'react';
import { and, hasTemplate, isKind, rankWith } from '../../../engine/forms';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';
import { FormDateInput } from './FormDateInput';
import { dateInputProps } from './DateRenderer';
import { FieldFrame } from './FieldFrame';

/** The current local time as a datetime-local value (the earliest a user may pick). */
export function localDateTimeNow(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** A String field with DisplayTemplate DateTime: a local date and time (yyyy-mm-ddThh:mm), e.g. when a wizard's action should run. */
function DateTimeRendererComponent({ field, state, store }: FieldRendererProps) {
  return (
    <FieldFrame field={field} state={state}>
      <FormDateInput {...dateInputProps(field, state, store)} withTime min={localDateTimeNow()} />
    </FieldFrame>
  );
}

export const dateTimeRenderer: FieldRendererEntry = {
  name: 'dateTime',
  tester: rankWith(3, and(isKind('text'), hasTemplate('DateTime'))),
  component: memo(DateTimeRendererComponent),
  kinds: ['text'],
};
