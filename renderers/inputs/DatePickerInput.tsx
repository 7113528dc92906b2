/**
 * The lazily loaded part of <DateInput>: MUI X's date pickers with the dayjs
 * adapter, the language's date order and separators (dayjs locale "L") and the
 * picker's own words (MUI X locale texts) for the 15 languages.
 */
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { bgBG, deDE, enUS, esES, fiFI, frFR, huHU, itIT, nlNL, plPL, ptPT, roRO, ruRU, svSE, trTR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/bg';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/fi';
import 'dayjs/locale/fr';
import 'dayjs/locale/hu';
import 'dayjs/locale/it';
import 'dayjs/locale/nl';
import 'dayjs/locale/pl';
import 'dayjs/locale/pt';
import 'dayjs/locale/ro';
import 'dayjs/locale/ru';
import 'dayjs/locale/sv';
import 'dayjs/locale/tr';
import { useEffect, useState } from 'react';
import type { LoadedDateInputProps } from './date-input-props';
import { dayjsLocale, twelveHourClock } from './date-text';

const PICKER_TEXTS = { bg: bgBG, de: deDE, en: enUS, es: esES, fi: fiFI, fr: frFR, hu: huHU, it: itIT, nl: nlNL, pl: plPL, pt: ptPT, ro: roRO, ru: ruRU, sv: svSE, tr: trTR };

const DAY = 'YYYY-MM-DD';
const DAY_TIME = 'YYYY-MM-DDTHH:mm';

function read(value: string | undefined, format: string): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value.slice(0, format.length), format);
  return parsed.isValid() ? parsed : null;
}

export default function DatePickerInput({ locale, value, onChange, withTime, min, max, label, helperText, size, fullWidth, required, disabled, readOnly, error, sx, id, name, testId, ariaLabel, ariaLabelledBy, ariaDescribedBy, onBlur, focusAtStart, openAtStart }: LoadedDateInputProps) {
  const format = withTime ? DAY_TIME : DAY;
  const adapterLocale = dayjsLocale(locale);
  const texts = PICKER_TEXTS[adapterLocale.slice(0, 2) as keyof typeof PICKER_TEXTS].components.MuiLocalizationProvider.defaultProps.localeText;
  // What the field holds, complete or not: a half-typed date is kept here and not reported until it is a date.
  const [shown, setShown] = useState<Dayjs | null>(() => read(value, format));
  useEffect(() => setShown((current) => (current?.isValid() && current.format(format) === value ? current : read(value, format))), [value, format]);

  // Controlled only so the calendar can open at once when the plain field's calendar button was pressed.
  const [open, setOpen] = useState(Boolean(openAtStart));
  const change = (next: Dayjs | null) => {
    setShown(next);
    if (next === null) onChange('');
    else if (next.isValid()) onChange(next.format(format));
  };
  const common = {
    value: shown,
    onChange: change,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    autoFocus: focusAtStart,
    label,
    disabled,
    readOnly,
    name,
    sx,
    slotProps: {
      textField: {
        id,
        size,
        fullWidth,
        required,
        helperText,
        // Unset unless the form says so: the picker then marks a date outside min and max itself.
        error: error || undefined,
        onBlur,
        'data-testid': testId,
        slotProps: {
          // The role="group" box around the day, month and year is what a screen reader names.
          input: { 'aria-label': ariaLabel, 'aria-labelledby': ariaLabelledBy, 'aria-describedby': ariaDescribedBy },
          htmlInput: { 'data-testid': testId ? `${testId}-value` : undefined },
        },
      },
    },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale} localeText={texts}>
      {withTime ? (
        <DateTimePicker {...common} ampm={twelveHourClock(adapterLocale)} minDateTime={read(min, format) ?? undefined} maxDateTime={read(max, format) ?? undefined} />
      ) : (
        <DatePicker {...common} minDate={read(min, format) ?? undefined} maxDate={read(max, format) ?? undefined} />
      )}
    </LocalizationProvider>
  );
}
