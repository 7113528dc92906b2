import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface LightTextFieldProps {
  label: string;
  name: string;
  value: string;
  /** Absent for a read-only field. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (data-testid, inputMode, maxLength...). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
}

/**
 * An outlined, full-width text field that looks like MUI's TextField. TextField
 * imports Select, Menu, Popover and Modal for its `select` mode; the sign-in and
 * password screens load before anything else, so they use this instead.
 */
export function LightTextField({ label, helperText, error, htmlInput, ...input }: LightTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={input.name}
        type={input.type}
        value={input.value}
        onChange={input.onChange}
        autoComplete={input.autoComplete}
        autoFocus={input.autoFocus}
        inputRef={input.inputRef}
        endAdornment={input.endAdornment}
        inputProps={{ ...htmlInput, 'aria-describedby': helperId }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
