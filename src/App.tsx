import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { MessageStack } from './messages/MessageStack';
import { loadRemainingTexts } from './i18n';
import { createAppRouter } from './router/create-app-router';
import { queryClient } from './query-client';
import { AppThemeProvider } from './theme/AppThemeProvider';

/** Exported for the first sign-in page (identity/sign-in/sign-in-first.ts, through src/start.tsx), which hands over to it. */
export const router = createAppRouter();

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

/** What the start page needs after sign-in (its screen, the shell, the texts beyond sign-in): fetched while the user types. */
export const prefetchStartPage = () => Promise.all([import('./screens/list/ListScreen'), import('./shell/ShellLayout'), loadRemainingTexts()]);
