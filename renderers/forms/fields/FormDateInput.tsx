/**
 * The layout form's date (and date-time) input: a native input with the form's
 * classes showing the date as the picker would, and a calendar button, until the
 * user reaches for it; then the portal's one picker (inputs/DatePickerOnDemand).
 * Plain elements, no MUI: a page of a hundred fields, one in seven a date, draws
 * as fast as with the browser's own date input (the forms benchmark).
 */
import type { DateInputProps } from '../../inputs/DateInput';
import { dateText } from '../../inputs/date-text';
import { DatePickerOnDemand, ignoreTyping, outOfBounds, prefetchPicker } from '../../inputs/DatePickerOnDemand';
import { useLayoutFormContext } from '../form-context';

/** The calendar icon of MUI X's picker button (Material "Event"), drawn without MUI. */
const CALENDAR_PATH = 'M17 12h-5v5h5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1zm3 18H5V8h14z';

export function FormDateInput(props: DateInputProps & { ariaRequired?: boolean }) {
  const { t, locale } = useLayoutFormContext();
  const picker = { ...props, locale };
  return (
    <DatePickerOnDemand
      picker={picker}
      plain={(reach) => (
        <div className="lf-date" data-testid={props.testId} onPointerEnter={reach && prefetchPicker}>
          <input
            className="lf-input"
            id={props.id}
            name={props.name}
            value={dateText(props.value, locale, props.withTime)}
            onChange={ignoreTyping}
            onFocus={() => reach?.('focus')}
            onBlur={props.onBlur}
            readOnly={props.readOnly}
            disabled={props.disabled}
            aria-label={props.ariaLabel}
            aria-describedby={props.ariaDescribedBy}
            aria-invalid={props.error || outOfBounds(props) || undefined}
            aria-required={props.ariaRequired}
            data-testid={props.testId ? `${props.testId}-value` : undefined}
            data-date-text=""
          />
          {reach && (
            <button type="button" className="lf-date-button" aria-label={t('dateInput.chooseDate')} onClick={() => reach('open')}>
              <svg viewBox="0 0 24 24" aria-hidden focusable="false">
                <path d={CALENDAR_PATH} />
              </svg>
            </button>
          )}
        </div>
      )}
    />
  );
}
