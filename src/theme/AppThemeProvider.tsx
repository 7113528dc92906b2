import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getBranding } from '../branding';
import { createAppTheme, type ThemeMode } from './create-app-theme';
import { formThemeVariables } from './form-theme-variables';
import { readStoredThemeMode, storeThemeMode, ThemeModeContext } from './theme-mode';

// The keyframes MUI inputs use to detect browser autofill, injected once for the
// whole app because the theme turns off their per-input injection.
const inputGlobalStyles = (
  <GlobalStyles
    styles={{
      '@keyframes mui-auto-fill': { from: { animationName: 'mui-auto-fill' } },
      '@keyframes mui-auto-fill-cancel': { from: { animationName: 'mui-auto-fill-cancel' } },
    }}
  />
);

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readStoredThemeMode);
  const { t } = useTranslation();
  const loading = t('common.loading');
  const theme = useMemo(() => createAppTheme(getBranding(), mode, { loading }), [mode, loading]);
  // The layout form's colours follow the theme (renderers/forms/layout-form.css).
  const formVariables = useMemo(() => <GlobalStyles styles={{ ':root': formThemeVariables(theme) }} />, [theme]);
  const modeState = useMemo(
    () => ({
      mode,
      setMode: (next: ThemeMode) => {
        storeThemeMode(next);
        setModeState(next);
      },
    }),
    [mode],
  );
  return (
    <ThemeModeContext.Provider value={modeState}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {inputGlobalStyles}
        {formVariables}
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
