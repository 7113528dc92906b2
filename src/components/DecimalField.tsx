/**
 * A number a person types in the portal's language: "12,5" on a German or
 * Polish page, "12.5" on an English one (a native type="number" input follows
 * the browser's language instead). Holds the typed text; reports the number.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { formatNumber, parseNumber } from '../i18n/format';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & { value: number; onValueChange: (value: number) => void };

const shown = (value: number) => formatNumber(value, { useGrouping: false, maximumFractionDigits: 6 });

export function DecimalField({ value, onValueChange, error, slotProps, ...props }: Props) {
  const [text, setText] = useState(() => shown(value));
  // A value set from outside (another choice reset it) replaces the text; the number of what is typed does not.
  useEffect(() => setText((typed) => (parseNumber(typed) === value ? typed : shown(value))), [value]);
  const invalid = parseNumber(text) === undefined;
  return (
    <TextField
      {...props}
      type="text"
      value={text}
      error={error || invalid}
      onChange={(event) => {
        setText(event.target.value);
        const number = parseNumber(event.target.value);
        if (number !== undefined) onValueChange(number);
      }}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'decimal', ...(slotProps?.htmlInput as object | undefined) } }}
    />
  );
}
