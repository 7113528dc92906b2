/**
 * The one date (and date-and-time) input of the portal (issue 24): shows and
 * reads the date in the portal's language ("19.01.2027" on a German page, also
 * in an en-US browser, where a native type="date" shows "01/19/2027"); the
 * value stays ISO: "yyyy-mm-dd", with time "yyyy-mm-ddThh:mm" (local time).
 * The picker (@mui/x-date-pickers with dayjs) is loaded on first use, so it
 * never weighs on the sign-in route.
 */
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageFormatting } from '../../src/contract/formatting';

export interface DateInputProps {
  /** "yyyy-mm-dd" (withTime: "yyyy-mm-ddThh:mm"); "" for no date. */
  value: string;
  /** Called with a complete valid date in the value's format, or "" when the field is emptied. */
  onChange: (value: string) => void;
  withTime?: boolean;
  /** Earliest and latest date (or date and time) the picker offers, in the value's format. */
  min?: string;
  max?: string;
  label?: ReactNode;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  sx?: SxProps<Theme>;
  /** The field's id (a label elsewhere names it through aria-labelledby). */
  id?: string;
  name?: string;
  /** data-testid of the field's root; the picker's hidden input carries `${testId}-value`. */
  testId?: string;
  /** Accessible name when there is no label of its own. */
  ariaLabel?: string;
  ariaLabelledBy?: string;
  ariaDescribedBy?: string;
  onBlur?: () => void;
}

export interface LoadedDateInputProps extends DateInputProps {
  /** The Intl formatting locale of the page ("de", "en-GB"...). */
  locale: string;
}

const Picker = lazy(() => import('./DatePickerInput'));

export function DateInput(props: DateInputProps) {
  const { i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  // While the picker loads: the same box, not yet editable (no native date input that would show the browser's format).
  const waiting = (
    <TextField
      size={props.size}
      fullWidth={props.fullWidth}
      sx={props.sx}
      label={props.label}
      helperText={props.helperText}
      disabled
      value=""
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': props.ariaLabel, 'aria-busy': true } }}
      data-testid={props.testId}
    />
  );
  return (
    <Suspense fallback={waiting}>
      <Picker {...props} locale={locale} />
    </Suspense>
  );
}
