import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import type { Branding } from '../branding';
import './theme-augmentation';

export type ThemeMode = 'light' | 'dark';

/** Spec §9. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

/** MUI's dark background, which primary-coloured text (links, text buttons) sits on in dark mode. */
const DARK_BACKGROUND = '#121212';
/** WCAG AA for normal text. */
const READABLE_CONTRAST = 4.5;

/** The colour, lightened just enough to be read on `background` (a dark brand colour is near-invisible on a dark page). */
export function readableOn(color: string, background: string): string {
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = amount === 0 ? color : lighten(color, amount);
    if (getContrastRatio(candidate, background) >= READABLE_CONTRAST) return candidate;
  }
  return '#ffffff';
}

export function createAppTheme(branding: Pick<Branding, 'colors'>, mode: ThemeMode): Theme {
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      // Text on coloured surfaces (buttons, chips, filled alerts) picks white or black by WCAG AA, not MUI's 3:1.
      contrastThreshold: READABLE_CONTRAST,
      // Dark mode: primary text and outlines in a lighter tone of the brand colour; the header keeps the brand colour itself.
      primary: { main: mode === 'dark' ? readableOn(branding.colors.primary, DARK_BACKGROUND) : branding.colors.primary },
      // Tones as MUI's augmentColor makes them (custom palette colours are not augmented).
      brand: { main: branding.colors.primary, light: lighten(branding.colors.primary, 0.2), dark: darken(branding.colors.primary, 0.3), contrastText: getContrastRatio(branding.colors.primary, '#fff') >= READABLE_CONTRAST ? '#fff' : 'rgba(0, 0, 0, 0.87)' },
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
