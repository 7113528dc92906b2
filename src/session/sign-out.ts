import type { QueryClient } from '@tanstack/react-query';
import { callService } from '../api';
import { apiConfig } from '../config/api-config';
import { messageStore } from '../messages/message-store';
import { clearPendingSignIn } from './pending-sign-in';
import { clearStoredSessionData } from './stored-session-data';

/**
 * Ends the session everywhere (spec §4, §7): the Logout call, the sibling apps'
 * logout URLs, the query cache and stored session data. Failures are ignored:
 * the user wants out either way.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([
    callService('Authorization', 'Logout', {}, { suppressErrors: true }),
    ...apiConfig.logoutUrls.map((url) => fetch(url, { credentials: 'same-origin' })),
  ]);
  queryClient.clear();
  messageStore.clear();
  clearStoredSessionData();
  clearPendingSignIn();
}
