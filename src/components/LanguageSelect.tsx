import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, normalizeLocale, SUPPORTED_LOCALES, DEFAULT_LOCALE } from '../i18n/languages';
import { useChangeLanguage } from '../session/use-change-language';

/**
 * All interface languages by their own names. A native select: light, usable on
 * phones and easy to drive from tests. The shown value follows i18next, so it
 * changes only once the new texts loaded (spec §4).
 */
export function LanguageSelect({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
  return (
    <TextField
      select
      size="small"
      fullWidth={fullWidth}
      label={t('language.label')}
      value={current}
      onChange={(event) => void changeLanguage(event.target.value)}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'language-select' } }}
    >
      {SUPPORTED_LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </TextField>
  );
}
