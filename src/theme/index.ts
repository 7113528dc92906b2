export { AppThemeProvider } from './AppThemeProvider';
export { createAppTheme, BREAKPOINTS } from './create-app-theme';
export type { ThemeMode } from './create-app-theme';
export { useThemeMode, THEME_MODE_STORAGE_KEY } from './theme-mode';
