/**
 * What every date input shares: a plain field (drawn by the caller: a MUI text field
 * on MUI screens, a native input in <LayoutForm>) until the user focuses or clicks
 * it, then the picker (DatePickerInput: MUI X with dayjs) in its place, focused, its
 * calendar open when the calendar button was pressed. The picker's code is fetched
 * when the pointer comes over a plain field, or on focus: neither the sign-in route,
 * nor a form's first paint, nor typing in its other fields pays for it (fetched whenever
 * the browser was idle, its compiling could fall between keystrokes). No MUI here: the
 * layout form's first paint needs none.
 */
import { lazy, Suspense, useState, type ReactElement } from 'react';
import type { LoadedDateInputProps } from './DateInput';

let pickerCode: Promise<typeof import('./DatePickerInput')> | undefined;
const loadPicker = () => (pickerCode ??= import('./DatePickerInput'));
const Picker = lazy(loadPicker);

/** How the user reached the plain field: into it (focus), or its calendar button (open). */
export type Reach = (how: 'focus' | 'open') => void;

/** The pointer over a plain field: fetch the picker's code now, so a click finds it ready. */
export const prefetchPicker = (): void => void loadPicker();

export function DatePickerOnDemand({ picker, plain }: { picker: LoadedDateInputProps; plain: (reach: Reach | undefined) => ReactElement }) {
  const [reached, setReached] = useState<'focus' | 'open' | null>(null);
  // Read-only and disabled fields stay plain: there is nothing to pick.
  const shown = plain(picker.disabled || picker.readOnly ? undefined : setReached);
  if (!reached) return shown;
  return (
    <Suspense fallback={shown}>
      <Picker {...picker} focusAtStart openAtStart={reached === 'open'} />
    </Suspense>
  );
}

/** A date outside its bounds (ISO values compare as dates): the picker marks it, so the plain field does too. */
export const outOfBounds = ({ value, min, max }: Pick<LoadedDateInputProps, 'value' | 'min' | 'max'>): boolean =>
  Boolean(value && ((min && value < min) || (max && value > max)));

/** The plain field's text is the value's: what is typed before the picker takes over is not kept. */
export const ignoreTyping = (): void => undefined;
