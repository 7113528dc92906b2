import type { Theme } from '@mui/material/styles';
import { themeQuartz } from 'ag-grid-community';

/** AG Grid's Quartz theme in the colours, font and shape of the MUI theme (light or dark). */
export function gridThemeFor(theme: Theme) {
  const { palette, typography, shape } = theme;
  return themeQuartz.withParams({
    browserColorScheme: palette.mode,
    backgroundColor: palette.background.paper,
    foregroundColor: palette.text.primary,
    accentColor: palette.primary.main,
    borderColor: palette.divider,
    headerBackgroundColor: palette.mode === 'dark' ? palette.grey[900] : palette.grey[50],
    headerTextColor: palette.text.secondary,
    selectedRowBackgroundColor: palette.action.selected,
    rowHoverColor: palette.action.hover,
    fontFamily: typography.fontFamily,
    fontSize: 14,
    headerFontWeight: 600,
    borderRadius: shape.borderRadius as number,
    wrapperBorderRadius: shape.borderRadius as number,
  });
}
