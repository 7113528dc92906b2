/** The props of <DateInput> and of the picker it loads on demand, apart so that neither module imports the other for them. */
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

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
  /** Take the focus when drawn (the plain field had it); open the calendar too when its button was pressed. */
  focusAtStart?: boolean;
  openAtStart?: boolean;
}
