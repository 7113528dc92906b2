import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, normalizeLocale, SUPPORTED_LOCALES, DEFAULT_LOCALE } from '../i18n/languages';
import { useChangeLanguage } from '../session/use-change-language';

/**
 * All interface languages by their own names. A native select: light (MUI's
 * NativeSelect, not TextField select, which pulls Menu/Popover/Modal into the
 * login page's JavaScript), usable on phones and easy to drive from tests. The
 * shown value follows i18next, so it changes only once the new texts loaded (spec §4).
 */
export function LanguageSelect({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const id = useId();
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
  const label = t('language.label');
  return (
    <FormControl size="small" fullWidth={fullWidth}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={current}
        onChange={(event) => void changeLanguage(event.target.value)}
        input={<OutlinedInput label={label} notched inputProps={{ id, 'data-testid': 'language-select' }} />}
      >
        {SUPPORTED_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
