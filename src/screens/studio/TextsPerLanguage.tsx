import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, SUPPORTED_LOCALES, type Locale } from '../../i18n/languages';

interface Props {
  /** What the texts are of, e.g. "Title": each input is labelled "Title (Deutsch)". */
  label: string;
  texts: Record<string, string>;
  onChange(locale: string, text: string): void;
  testId: string;
}

/** One text in English, the editor's language and (on demand) every language the portal speaks. */
export function TextsPerLanguage({ label, texts, onChange, testId }: Props) {
  const { t, i18n } = useTranslation();
  const editor = (i18n.resolvedLanguage ?? 'en').split('-')[0];
  const given = Object.keys(texts).filter((locale) => texts[locale]);
  const [all, setAll] = useState(false);
  const shown = all ? [...SUPPORTED_LOCALES] : [...new Set(['en', editor, ...given])];
  return (
    <Stack spacing={1}>
      {shown.map((locale) => (
        <TextField
          key={locale}
          size="small"
          label={`${label} (${LANGUAGE_NAMES[locale as Locale] ?? locale})`}
          required={locale === 'en'}
          value={texts[locale] ?? ''}
          onChange={(event) => onChange(locale, event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-${locale}` } }}
        />
      ))}
      {!all && (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setAll(true)}>
          {t('studio.create.allLanguages')}
        </Button>
      )}
    </Stack>
  );
}
