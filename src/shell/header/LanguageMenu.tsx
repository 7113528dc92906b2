import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LANGUAGE_NAMES, normalizeLocale, SUPPORTED_LOCALES } from '../../i18n/languages';
import { useChangeLanguage } from '../../session/use-change-language';

/**
 * The header's language menu: every interface language by its own name. The
 * switch happens once the texts are loaded, and is stored and told to the
 * server (src/session/use-change-language.ts, spec §4).
 */
export function LanguageMenu({ compact }: { compact: boolean }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
  return (
    <>
      <Button
        color="inherit"
        // Starts with the code shown ("EN"), so saying what is seen finds it (WCAG 2.5.3).
        aria-label={`${compact ? '' : `${current.toUpperCase()} – `}${t('language.label')}: ${LANGUAGE_NAMES[current]}`}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? 'language-menu' : undefined}
        data-testid="language-menu-button"
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<TranslateIcon />}
        sx={{ minWidth: 0, px: compact ? 1 : 1.5, '& .MuiButton-startIcon': { mr: compact ? 0 : 0.75 } }}
      >
        {!compact && current.toUpperCase()}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 310 } } }}>
        {SUPPORTED_LOCALES.map((code) => (
          <MenuItem
            key={code}
            lang={code}
            selected={code === current}
            data-testid={`language-option-${code}`}
            onClick={() => {
              setAnchor(null);
              void changeLanguage(code);
            }}
          >
            {LANGUAGE_NAMES[code]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
