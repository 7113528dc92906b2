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

/** The colour, darkened just enough for white text on it and for text of its colour on white (a light brand colour fails both). */
export function readableUnder(color: string): string {
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (getContrastRatio(candidate, '#ffffff') >= READABLE_CONTRAST) return candidate;
  }
  return '#000000';
}

/** Texts the theme puts into components' default props (accessible names), in the portal's language. */
export interface ThemeTexts {
  loading: string;
}

/**
 * WCAG 2.2 focus appearance: a 2 px ring in the focus colour, 2 px off the control, with a 2 px band of the page
 * colour between, so the ring reads on the page and the band on the brand-coloured header alike.
 */
export function focusRing(color: string, page: string) {
  return { outline: `2px solid ${color}`, outlineOffset: 2, boxShadow: `0 0 0 2px ${page}` };
}

export function createAppTheme(branding: Pick<Branding, 'colors'>, mode: ThemeMode, texts: ThemeTexts = { loading: 'Loading…' }): Theme {
  const primary = mode === 'dark' ? readableOn(branding.colors.primary, DARK_BACKGROUND) : branding.colors.primary;
  const page = mode === 'dark' ? DARK_BACKGROUND : '#ffffff';
  const ring = focusRing(primary, page);
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      // Text on coloured surfaces (buttons, chips, filled alerts) picks white or black by WCAG AA, not MUI's 3:1.
      contrastThreshold: READABLE_CONTRAST,
      // Dark mode: primary text and outlines in a lighter tone of the brand colour; the header keeps the brand colour itself.
      primary: { main: primary },
      // Tones as MUI's augmentColor makes them (custom palette colours are not augmented).
      brand: { main: branding.colors.primary, light: lighten(branding.colors.primary, 0.2), dark: darken(branding.colors.primary, 0.3), contrastText: getContrastRatio(branding.colors.primary, '#fff') >= READABLE_CONTRAST ? '#fff' : 'rgba(0, 0, 0, 0.87)' },
      // Secondary chips and text buttons: a tone of the brand's secondary colour that holds 4.5:1 with white (teal #00897b has 4.0).
      ...(branding.colors.secondary
        ? { secondary: { main: mode === 'dark' ? readableOn(branding.colors.secondary, DARK_BACKGROUND) : readableUnder(branding.colors.secondary) } }
        : {}),
      ...(mode === 'light' ? { background: { default: '#ffffff', paper: '#ffffff' } } : {}),
    },
    components: {
      // Keyboard focus: buttons, tabs, menu items, switches and links get the ring (inputs show focus by their 2 px border,
      // the grids' cells by their own). Plain buttons too (a Link drawn as a button, the footer's "Contact support").
      MuiCssBaseline: { styleOverrides: { 'a:focus-visible, button:not([class*="ag-"]):focus-visible, [tabindex]:not(input):not(textarea):not([class*="ag-"]):focus-visible': ring } },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      // A Link drawn as a button otherwise takes the browser's own thin 'auto' outline.
      MuiLink: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      // A spinner or bar is announced by name (axe: aria-progressbar-name).
      // It turns without its arc growing: a turn runs on the compositor, a growing arc is drawn by the main thread each
      // frame, taken from the screen being built behind the spinner (as the sign-in page's, issue 37).
      MuiCircularProgress: { defaultProps: { 'aria-label': texts.loading, disableShrink: true } },
      MuiLinearProgress: { defaultProps: { 'aria-label': texts.loading } },
      MuiInputBase: {
        // Each input would inject the autofill keyframes itself: slow with many
        // inputs (measured 24 s for 1000 in jsdom). AppThemeProvider injects them once.
        defaultProps: { disableInjectingGlobalStyles: true },
      },
    },
  });
}
