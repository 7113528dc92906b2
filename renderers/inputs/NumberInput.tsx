/**
 * The number input of the portal (issue 24): a value shows with the page's decimal separator ("11,28" on a
 * German page, "11.28" on an English one) and what a person types stays as typed while the number it means
 * is the same ("12," on the way to "12,5" is not turned into "12"). The caller parses the text it gets
 * (parseNumber of contract/formatting.ts reads either separator).
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { pageFormatting } from '../../contract/formatting';
import { useNumberText } from './number-text';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** A number (shown in the language), or a text kept as typed (a refused entry); null/undefined: empty. */
  value: unknown;
  onText: (text: string) => void;
};

export function NumberInput({ value, onText, slotProps, ...props }: Props) {
  const { i18n } = useTranslation();
  const [text, setText] = useNumberText(value, pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale);
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
