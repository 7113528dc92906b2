import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { createAppTheme, readableOn } from './create-app-theme';

describe('createAppTheme', () => {
  it('uses the spec breakpoints including xxl', () => {
    const theme = createAppTheme({ colors: { primary: '#6a1b9a' } }, 'light');
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
    expect(theme.breakpoints.up('xxl')).toContain('2560px');
  });

  it('takes the primary colour from branding, white background in light mode', () => {
    const theme = createAppTheme({ colors: { primary: '#123456', secondary: '#00897b' } }, 'light');
    expect(theme.palette.primary.main).toBe('#123456');
    expect(theme.palette.background.default).toBe('#ffffff');
  });

  it('darkens a secondary colour until white text on it and its text on white hold 4.5:1 (axe: teal chips and buttons)', () => {
    const theme = createAppTheme({ colors: { primary: '#123456', secondary: '#00897b' } }, 'light');
    expect(getContrastRatio('#00897b', '#ffffff')).toBeLessThan(4.5);
    expect(getContrastRatio(theme.palette.secondary.main, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(theme.palette.secondary.contrastText).toBe('#fff');
    expect(createAppTheme({ colors: { primary: '#123456', secondary: '#004d40' } }, 'light').palette.secondary.main).toBe('#004d40');
  });

  it('gives keyboard focus a 2 px ring with 3:1 against the page, spinners a name and no growing arc (drawn by the main thread)', () => {
    const theme = createAppTheme({ colors: { primary: '#6a1b9a' } }, 'light', { loading: 'Wird geladen…' });
    const ring = (theme.components?.MuiButtonBase?.styleOverrides?.root as Record<string, Record<string, unknown>>)['&.Mui-focusVisible'];
    expect(ring.outline).toBe('2px solid #6a1b9a');
    expect(getContrastRatio('#6a1b9a', '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(theme.components?.MuiCircularProgress?.defaultProps).toEqual({ 'aria-label': 'Wird geladen…', disableShrink: true });
    expect(theme.components?.MuiLinearProgress?.defaultProps).toEqual({ 'aria-label': 'Wird geladen…' });
  });

  it('has a dark variant and turns off per-input global styles', () => {
    const theme = createAppTheme({ colors: { primary: '#6a1b9a' } }, 'dark');
    expect(theme.palette.mode).toBe('dark');
    expect(theme.components?.MuiInputBase?.defaultProps?.disableInjectingGlobalStyles).toBe(true);
  });

  it.each(['light', 'dark'] as const)(
    'builds a %s theme without CSS variables, which the build leaves out of MUI (scripts/vite-mui-without-css-variables.ts)',
    (mode) => {
      const theme = createAppTheme({ colors: { primary: '#6a1b9a' } }, mode);
      expect(theme).not.toHaveProperty('colorSchemes');
      expect(theme).not.toHaveProperty('vars');
      expect(theme).not.toHaveProperty('cssVariables');
    },
  );
});

describe('dark mode keeps primary text readable', () => {
  it('lightens a dark brand colour for text on the dark page, and keeps the brand colour for the header', () => {
    const theme = createAppTheme({ colors: { primary: '#6a1b9a' } }, 'dark');
    expect(getContrastRatio(theme.palette.primary.main, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
    expect(theme.palette.primary.main).not.toBe('#6a1b9a');
    expect(theme.palette.brand.main).toBe('#6a1b9a');
    expect(theme.palette.brand.contrastText).toBe('#fff');
  });

  it('leaves a brand colour that is already readable as it is, and light mode untouched', () => {
    expect(createAppTheme({ colors: { primary: '#90caf9' } }, 'dark').palette.primary.main).toBe('#90caf9');
    expect(createAppTheme({ colors: { primary: '#6a1b9a' } }, 'light').palette.primary.main).toBe('#6a1b9a');
    expect(readableOn('#000000', '#121212')).not.toBe('#000000');
  });
});

describe('text on coloured surfaces', () => {
  it.each(['light', 'dark'] as const)('reaches 4.5:1 on every palette colour in %s mode', (mode) => {
    const { palette } = createAppTheme({ colors: { primary: '#6a1b9a', secondary: '#00897b' } }, mode);
    for (const name of ['primary', 'secondary', 'error', 'warning', 'info', 'success', 'brand'] as const) {
      expect(getContrastRatio(palette[name].main, palette[name].contrastText), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
