import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { MessageStack } from './messages/MessageStack';
import { createAppRouter } from './router/create-app-router';
import { AppThemeProvider } from './theme/AppThemeProvider';

export const queryClient = new QueryClient({
  defaultOptions: {
    // Errors are shown by the service client; a second try rarely helps a user-facing call.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

const router = createAppRouter();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <RouterProvider router={router} />
        <MessageStack />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
