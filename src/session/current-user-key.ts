/** The one cache entry holding the signed-in user; cleared on sign-out. Apart from current-user.ts so that
 * the first sign-in page (no TanStack Query) can name it. */
export const CURRENT_USER_QUERY_KEY = ['session', 'currentUser'] as const;
