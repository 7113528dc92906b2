import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { MessageStack } from './messages/MessageStack';
import { definitionQuery } from './api/screen-definitions';
import { i18n, loadRemainingTexts } from './i18n';
import { createAppRouter } from './router/create-app-router';
import { appRoutes } from './router/routes';
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

/** The definition the start page draws (served to anyone: a definition is no data). */
const startDrawnBy = appRoutes.find((route) => route.path === '/')?.drawnBy;
const START_DEFINITION = startDrawnBy && 'definition' in startDrawnBy ? startDrawnBy.definition : undefined;

/**
 * What the start page needs after sign-in (its screen, the shell, the texts beyond sign-in, its definition):
 * fetched while the user types, so that after the click only the session and the page's data are waited for.
 */
export const prefetchStartPage = () =>
  Promise.all([
    import('./screens/list/ListScreen'),
    import('./shell/ShellLayout'),
    loadRemainingTexts(),
    START_DEFINITION ? queryClient.prefetchQuery(definitionQuery(START_DEFINITION, i18n.t)) : undefined,
  ]);
