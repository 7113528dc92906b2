/**
 * The layout form's date (and date-time) input: a native input with the form's
 * classes showing the date as the picker would, and a calendar button, until the
 * user reaches for it; then the portal's one picker (inputs/DatePickerOnDemand).
 * Plain elements, no MUI: a page of a hundred fields, one in seven a date, draws
 * as fast as with the browser's own date input (the forms benchmark).
 */
import type { DateInputProps, LoadedDateInputProps } from '../../inputs/DateInput';
import { DatePickerOnDemand, plainField, type Reach } from '../../inputs/DatePickerOnDemand';
import { useLayoutFormContext } from '../form-context';

/** The calendar icon of MUI X's picker button (Material "Event"), drawn without MUI. */
const CALENDAR_PATH = 'M17 12h-5v5h5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1zm3 18H5V8h14z';

export function FormDateInput(props: DateInputProps & { ariaRequired?: boolean }) {
  const { t, locale } = useLayoutFormContext();
  const picker = { ...props, locale };
  return <DatePickerOnDemand picker={picker} plain={(reach) => <NativePlainField picker={picker} reach={reach} chooseLabel={t('dateInput.chooseDate')} />} />;
}

/** The date as text in the form's input, with a calendar button inside it. */
function NativePlainField({ picker: props, reach, chooseLabel }: { picker: LoadedDateInputProps & { ariaRequired?: boolean }; reach: Reach | undefined; chooseLabel: string }) {
  const plain = plainField(props, reach);
  return (
    <div className="lf-date" data-testid={props.testId} onPointerEnter={plain.onPointerEnter}>
      <input
        className="lf-input"
        id={props.id}
        name={props.name}
        value={plain.text}
        onChange={plain.onChange}
        onFocus={plain.onFocus}
        onBlur={props.onBlur}
        readOnly={props.readOnly}
        disabled={props.disabled}
        aria-label={props.ariaLabel}
        aria-describedby={props.ariaDescribedBy}
        aria-invalid={plain.invalid || undefined}
        aria-required={props.ariaRequired}
        {...plain.input}
      />
      {reach && (
        <button type="button" className="lf-date-button" aria-label={chooseLabel} onClick={() => reach('open')}>
          <svg viewBox="0 0 24 24" aria-hidden focusable="false">
            <path d={CALENDAR_PATH} />
          </svg>
        </button>
      )}
    </div>
  );
}
