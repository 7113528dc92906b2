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
import type { LoadedDateInputProps } from './date-input-props';
import { dateText } from './date-text';

let pickerCode: Promise<typeof import('./DatePickerInput')> | undefined;
const loadPicker = () => (pickerCode ??= import('./DatePickerInput'));
const Picker = lazy(loadPicker);

/** How the user reached the plain field: into it (focus), or its calendar button (open). */
export type Reach = (how: 'focus' | 'open') => void;

/** The pointer over a plain field: fetch the picker's code now, so a click finds it ready. */
const prefetchPicker = (): void => void loadPicker();

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
const outOfBounds = ({ value, min, max }: LoadedDateInputProps): boolean => Boolean(value && ((min && value < min) || (max && value > max)));

/** What the plain field is to typing: its text is the value's, so what is typed before the picker takes over is not kept. */
const ignoreTyping = (): void => undefined;

/**
 * What both plain fields (MUI and native) show and do: the picker's text, invalid as the picker
 * would mark it, typing ignored, focus handing over, the code fetched on pointer-over; `input`
 * goes on the input element (`${testId}-value` and data-date-text are what the tests find).
 */
export function plainField(picker: LoadedDateInputProps, reach: Reach | undefined) {
  return {
    text: dateText(picker.value, picker.locale, picker.withTime),
    invalid: Boolean(picker.error) || outOfBounds(picker),
    onChange: ignoreTyping,
    onFocus: () => reach?.('focus'),
    onPointerEnter: reach && prefetchPicker,
    input: { 'data-testid': picker.testId ? `${picker.testId}-value` : undefined, 'data-date-text': '' },
  };
}
