import { alpha, useTheme, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { cssText, type StyleRules } from './css-text';

/**
 * The look of field inputs, from the MUI theme, as one stylesheet with plain
 * class names. Fields are native inputs with these classes instead of MUI
 * input components: a page of a hundred fields then renders in a fraction of
 * the time (no styled component per input), which the benchmark measures.
 */
const styles = (theme: Theme): StyleRules => {
  const border = theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';
  const focus = `0 0 0 1px ${theme.palette.primary.main}`;
  return {
    '.lf-page': { display: 'grid', gap: 16 },
    '.lf-section': {
      padding: 20,
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      background: theme.palette.background.paper,
      [theme.breakpoints.down('md')]: { padding: 16 },
    },
    '.lf-section-title': { margin: '0 0 16px', fontSize: 16, fontWeight: 600, lineHeight: 1.5, fontFamily: theme.typography.fontFamily, color: theme.palette.text.primary },
    '.lf-grid': { display: 'grid', gridTemplateColumns: '1fr', columnGap: 24, rowGap: 20, [theme.breakpoints.up('md')]: { gridTemplateColumns: '1fr 1fr' } },
    '.lf-cell': { minWidth: 0 },
    '.lf-cell-wide': { [theme.breakpoints.up('md')]: { gridColumn: '1 / -1' } },
    '.lf-field': { minWidth: 0 },
    '.lf-label': { display: 'block', marginBottom: 4, fontSize: 14, lineHeight: 1.4, color: theme.palette.text.secondary, fontFamily: theme.typography.fontFamily },
    '.lf-label[data-error="true"]': { color: theme.palette.error.main },
    '.lf-required': { marginLeft: 2 },
    '.lf-input': {
      boxSizing: 'border-box' as const,
      width: '100%',
      minHeight: 40,
      padding: '8.5px 14px',
      font: 'inherit',
      fontSize: 16,
      fontFamily: theme.typography.fontFamily,
      color: theme.palette.text.primary,
      background: theme.palette.background.paper,
      border: `1px solid ${border}`,
      borderRadius: theme.shape.borderRadius,
      outline: 'none',
      transition: 'border-color 120ms, box-shadow 120ms',
      colorScheme: theme.palette.mode,
    },
    '.lf-input:hover:not(:focus):not([readonly]):not(:disabled)': { borderColor: theme.palette.text.primary },
    '.lf-input:focus': { borderColor: theme.palette.primary.main, boxShadow: focus },
    '.lf-input[aria-invalid="true"]': { borderColor: theme.palette.error.main },
    '.lf-input[aria-invalid="true"]:focus': { boxShadow: `0 0 0 1px ${theme.palette.error.main}` },
    '.lf-input[readonly], .lf-input:disabled': { color: theme.palette.text.secondary, background: alpha(theme.palette.text.primary, 0.04) },
    '.lf-textarea': { resize: 'vertical' as const, minHeight: 88, lineHeight: 1.5, fieldSizing: 'content' },
    '.lf-select': { appearance: 'auto' as const, paddingRight: 8, cursor: 'pointer' },
    '.lf-check': { display: 'inline-flex', alignItems: 'center', gap: 10, minHeight: 40, fontSize: 16, fontFamily: theme.typography.fontFamily, color: theme.palette.text.primary, cursor: 'pointer' },
    '.lf-check input': { width: 18, height: 18, margin: 0, accentColor: theme.palette.primary.main, cursor: 'inherit' },
    '.lf-help': { display: 'flex', alignItems: 'center', gap: 6, margin: '4px 0 0', fontSize: 12, lineHeight: 1.5, color: theme.palette.text.secondary, fontFamily: theme.typography.fontFamily },
    '.lf-help[data-error="true"]': { color: theme.palette.error.main },
    '.lf-spinner': {
      width: 10,
      height: 10,
      flex: 'none',
      border: `2px solid ${alpha(theme.palette.primary.main, 0.25)}`,
      borderTopColor: theme.palette.primary.main,
      borderRadius: '50%',
      animation: 'lf-spin 0.8s linear infinite',
    },
    '@keyframes lf-spin': { to: { transform: 'rotate(360deg)' } },
    '.lf-tabs': { display: 'flex', gap: 4, overflowX: 'auto' as const, borderBottom: `1px solid ${theme.palette.divider}`, marginBottom: 16 },
    '.lf-tab': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: 8,
      flex: 'none',
      padding: '10px 16px',
      border: 0,
      borderBottom: '2px solid transparent',
      background: 'none',
      font: 'inherit',
      fontSize: 15,
      fontFamily: theme.typography.fontFamily,
      color: theme.palette.text.secondary,
      cursor: 'pointer',
    },
    '.lf-tab:hover': { color: theme.palette.text.primary, background: alpha(theme.palette.text.primary, 0.04) },
    '.lf-tab[aria-selected="true"]': { color: theme.palette.primary.main, borderBottomColor: theme.palette.primary.main, fontWeight: 500 },
    '.lf-tab:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    '.lf-tab-badge': {
      minWidth: 20,
      height: 20,
      padding: '0 6px',
      borderRadius: 10,
      fontSize: 12,
      lineHeight: '20px',
      color: theme.palette.error.contrastText,
      background: theme.palette.error.main,
    },
    '.lf-display-label': { marginBottom: 2, fontSize: 14, color: theme.palette.text.secondary, fontFamily: theme.typography.fontFamily },
    '.lf-display-value': { minHeight: 24, fontSize: 16, color: theme.palette.text.primary, fontFamily: theme.typography.fontFamily, overflowWrap: 'anywhere' as const },
  };
};

function FieldStyles() {
  const theme = useTheme();
  const css = useMemo(() => cssText(styles(theme)), [theme]);
  return <style data-layout-form-styles="">{css}</style>;
}

export const fieldStyles = <FieldStyles />;
