/**
 * The number input of the portal (issue 24): a value shows with the page's decimal separator ("11,28" on a
 * German page, "11.28" on an English one) and what a person types stays as typed while the number it means
 * is the same ("12," on the way to "12,5" is not turned into "12"). The caller parses the text it gets
 * (parseNumber of src/contract/formatting.ts reads either separator).
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, pageFormatting, parseNumber, type Formatting } from '../../src/contract/formatting';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** A number (shown in the language), or a text kept as typed (a refused entry); null/undefined: empty. */
  value: unknown;
  onText: (text: string) => void;
};

/** A number as the page writes it, without grouping (a typed "1.234" would read as a decimal elsewhere). */
export function shownNumber(value: unknown, formatting: Formatting): string {
  if (typeof value === 'number') return formatNumber(value, formatting, { useGrouping: false, maximumFractionDigits: 6 });
  return value === null || value === undefined ? '' : String(value);
}

export function NumberInput({ value, onText, slotProps, ...props }: Props) {
  const { i18n } = useTranslation();
  const formatting = pageFormatting(i18n.resolvedLanguage ?? i18n.language);
  const locale = formatting.locale;
  const [text, setText] = useState(() => shownNumber(value, formatting));
  // A value set from outside (a product chosen, a price filled in) replaces the text; the number of what is typed does not.
  useEffect(() => {
    setText((typed) => (typeof value === 'number' && parseNumber(typed, locale) === value ? typed : shownNumber(value, { locale })));
  }, [value, locale]);
  return (
    <TextField
      {...props}
      type="text"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onText(event.target.value);
      }}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'decimal', ...(slotProps?.htmlInput as object | undefined) } }}
    />
  );
}
