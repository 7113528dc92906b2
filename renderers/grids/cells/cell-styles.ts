import type { Theme } from '@mui/material/styles';
import type { ChipColor } from '../../../engine/grids';

const CHIP_COLORS: readonly Exclude<ChipColor, 'default'>[] = ['primary', 'secondary', 'success', 'warning', 'error', 'info'];

/** Global styles of the DOM cell renderers, in the MUI theme's colours (light or dark). */
export function gridCellStyles(theme: Theme) {
  const { palette, typography } = theme;
  const chips = Object.fromEntries(
    CHIP_COLORS.map((color) => [`.dg-chip--${color}`, { backgroundColor: palette[color].main, color: palette[color].contrastText, borderColor: palette[color].main }]),
  );
  return {
    '.dg-chip': {
      display: 'inline-flex',
      alignItems: 'center',
      height: 24,
      padding: '0 8px',
      borderRadius: 12,
      border: `1px solid ${palette.divider}`,
      fontSize: typography.pxToRem(13),
      lineHeight: 1,
      whiteSpace: 'nowrap',
      verticalAlign: 'middle',
    },
    '.dg-chip--default': { color: palette.text.primary, borderColor: palette.mode === 'dark' ? palette.grey[700] : palette.grey[400] },
    ...chips,
    '.dg-bool': { fontWeight: 700 },
    '.dg-bool--yes': { color: palette.success.main },
    '.dg-bool--no': { color: palette.text.disabled },
    // The expander of a master row (master–detail).
    '.dg-expander': { border: 0, background: 'none', cursor: 'pointer', color: palette.text.secondary, fontSize: typography.pxToRem(16), width: 28, height: 28, borderRadius: 14 },
    '.dg-expander:hover, .dg-expander[aria-expanded="true"]': { color: palette.primary.main, backgroundColor: palette.action.hover },
    '.ag-cell.dg-expander-cell': { paddingLeft: 8, paddingRight: 8, textOverflow: 'clip' },
    // The brand colour is dark: on a dark background links take its light variant.
    '.dg-link': { color: palette.mode === 'dark' ? palette.primary.light : palette.primary.main, textDecoration: 'none' },
    '.dg-link:hover, .dg-link:focus': { textDecoration: 'underline' },
  };
}
