import { describe, expect, it } from 'vitest';
import { createAppTheme } from './create-app-theme';

describe('createAppTheme', () => {
  it('uses the spec breakpoints including xxl', () => {
    const theme = createAppTheme({ colors: { primary: '#6a1b9a' } }, 'light');
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
    expect(theme.breakpoints.up('xxl')).toContain('2560px');
  });

  it('takes the primary colour from branding, white background in light mode', () => {
    const theme = createAppTheme({ colors: { primary: '#123456', secondary: '#00897b' } }, 'light');
    expect(theme.palette.primary.main).toBe('#123456');
    expect(theme.palette.secondary.main).toBe('#00897b');
    expect(theme.palette.background.default).toBe('#ffffff');
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
