import { QueryClient } from '@tanstack/react-query';

/** The one query client: the sign-in page (before the app loads) and the app share the signed-in user. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Errors are shown by the service client; a second try rarely helps a user-facing call.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});
