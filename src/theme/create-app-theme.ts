import { createTheme, type Theme } from '@mui/material/styles';
import type { Branding } from '../branding';
import './theme-augmentation';

export type ThemeMode = 'light' | 'dark';

/** Spec §9. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

export function createAppTheme(branding: Pick<Branding, 'colors'>, mode: ThemeMode): Theme {
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: { main: branding.colors.primary },
      ...(branding.colors.secondary ? { secondary: { main: branding.colors.secondary } } : {}),
      ...(mode === 'light' ? { background: { default: '#ffffff', paper: '#ffffff' } } : {}),
    },
    components: {
      MuiInputBase: {
        // Each input would inject the autofill keyframes itself: slow with many
        // inputs (measured 24 s for 1000 in jsdom). AppThemeProvider injects them once.
        defaultProps: { disableInjectingGlobalStyles: true },
      },
    },
  });
}
