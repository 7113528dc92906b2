/**
 * A number a person types in the portal's language: "12,5" on a German or
 * Polish page, "12.5" on an English one (a native type="number" input follows
 * the browser's language instead). The one number input (renderers/inputs/NumberInput)
 * that reports the number, and marks a text that is none.
 */
import type { TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { NumberInput } from '../../renderers/inputs/NumberInput';
import { parseNumber } from '../i18n/format';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & { value: number; onValueChange: (value: number) => void };

export function DecimalField({ value, onValueChange, error, ...props }: Props) {
  const [invalid, setInvalid] = useState(false);
  return (
    <NumberInput
      {...props}
      value={value}
      error={error || invalid}
      onText={(text) => {
        const number = parseNumber(text);
        setInvalid(number === undefined);
        if (number !== undefined) onValueChange(number);
      }}
    />
  );
}
