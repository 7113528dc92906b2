import { createContext, useContext } from 'react';
import type { ThemeMode } from './create-app-theme';

export { readStoredThemeMode, storeThemeMode, THEME_MODE_STORAGE_KEY } from './stored-theme-mode';

export interface ThemeModeState {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

export const ThemeModeContext = createContext<ThemeModeState>({ mode: 'light', setMode: () => undefined });

export const useThemeMode = () => useContext(ThemeModeContext);
