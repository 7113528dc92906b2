import { createContext, useContext } from 'react';
import type { ThemeMode } from './create-app-theme';

export const THEME_MODE_STORAGE_KEY = 'themeMode';

/** Light unless dark was chosen before (spec §4: light by default). */
export function readStoredThemeMode(): ThemeMode {
  try {
    return localStorage.getItem(THEME_MODE_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function storeThemeMode(mode: ThemeMode): void {
  try {
    localStorage.setItem(THEME_MODE_STORAGE_KEY, mode);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
}

export interface ThemeModeState {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

export const ThemeModeContext = createContext<ThemeModeState>({ mode: 'light', setMode: () => undefined });

export const useThemeMode = () => useContext(ThemeModeContext);
