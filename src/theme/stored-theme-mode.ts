/** The stored light/dark choice, without React: the first sign-in page reads it before the app loads. */
export type StoredThemeMode = 'light' | 'dark';

export const THEME_MODE_STORAGE_KEY = 'themeMode';

/** Light unless dark was chosen before (spec §4: light by default). */
export function readStoredThemeMode(): StoredThemeMode {
  try {
    return localStorage.getItem(THEME_MODE_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function storeThemeMode(mode: StoredThemeMode): void {
  try {
    localStorage.setItem(THEME_MODE_STORAGE_KEY, mode);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
}
