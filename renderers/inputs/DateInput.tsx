/**
 * The one date (and date-and-time) input of the portal (issue 24): shows and
 * reads the date in the portal's language ("19.01.2027" on a German page, also
 * in an en-US browser, where a native type="date" shows "01/19/2027"); the
 * value stays ISO: "yyyy-mm-dd", with time "yyyy-mm-ddThh:mm" (local time).
 * Until the user reaches for it, the field is a plain MUI text field showing the
 * date as the picker would (date-text.ts); the picker (@mui/x-date-pickers with
 * dayjs) takes over on focus or click (DatePickerOnDemand). <LayoutForm> draws
 * its own plain field, a native input (forms/fields/FormDateInput).
 */
import EventIcon from '@mui/icons-material/Event';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { pageFormatting } from '../../contract/formatting';
import { DatePickerOnDemand, plainField, type Reach } from './DatePickerOnDemand';
import type { DateInputProps, LoadedDateInputProps } from './date-input-props';

export type { DateInputProps, LoadedDateInputProps } from './date-input-props';

export function DateInput(props: DateInputProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const picker = { ...props, locale };
  return <DatePickerOnDemand picker={picker} plain={(reach) => <PlainDateField picker={picker} reach={reach} chooseLabel={t('dateInput.chooseDate')} />} />;
}

/** The date as text in the picker's box, with its calendar button. */
function PlainDateField({ picker: props, reach, chooseLabel }: { picker: LoadedDateInputProps; reach: Reach | undefined; chooseLabel: string }) {
  const plain = plainField(props, reach);
  return (
    <TextField
      id={props.id}
      name={props.name}
      size={props.size}
      fullWidth={props.fullWidth}
      sx={props.sx}
      label={props.label}
      helperText={props.helperText}
      required={props.required}
      disabled={props.disabled}
      error={plain.invalid}
      value={plain.text}
      onChange={plain.onChange}
      onFocus={plain.onFocus}
      onBlur={props.onBlur}
      onPointerEnter={plain.onPointerEnter}
      data-testid={props.testId}
      slotProps={{
        inputLabel: { shrink: true },
        input: {
          readOnly: props.readOnly,
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" size="small" disabled={!reach} aria-label={chooseLabel} onClick={() => reach?.('open')}>
                <EventIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
        htmlInput: {
          'aria-label': props.ariaLabel,
          'aria-labelledby': props.ariaLabelledBy,
          'aria-describedby': props.ariaDescribedBy,
          ...plain.input,
        },
      }}
    />
  );
}
