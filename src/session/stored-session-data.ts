/**
 * Browser storage that belongs to one session (spec §4: logout clears stored
 * session data and the SSO id/name). Features that keep per-session data in
 * localStorage add their key here; locale and theme are kept on purpose.
 */
export const SESSION_LOCAL_STORAGE_KEYS: string[] = ['ssoId', 'ssoName'];

export function clearStoredSessionData(): void {
  try {
    sessionStorage.clear();
    SESSION_LOCAL_STORAGE_KEYS.forEach((key) => localStorage.removeItem(key));
  } catch {
    // Blocked storage holds nothing of ours.
  }
}
