import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../theme/theme-mode';

export function ThemeModeToggle() {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  const label = mode === 'dark' ? t('shell.lightTheme') : t('shell.darkTheme');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} data-testid="theme-toggle" onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
