import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { MessageStack } from './messages/MessageStack';
import type { SessionUser } from '../contract';
import { pageFormatting } from '../contract/formatting';
import { canOpenScreen } from '../engine/grids';
import { boardQuery } from '../renderers/grids/board-query';
import { preloadRenderer } from '../renderers/grids/renderer-chunks';
import { definitionQuery } from './api/screen-definitions';
import { accountTypesQuery } from './screens/account/account-types';
import { gridServiceCaller } from './screens/list/grid-service-caller';
import { screenContext } from './session/screen-context';
import { definitionMenuQuery } from './shell/menus/definition-menu';
import { supportDetailsQuery } from './shell/support/use-support-details';
import { i18n, loadRemainingTexts } from './i18n';
import { followUserCountry, warmFormatters } from './i18n/format';
import { createAppRouter, preloadRoute } from './router/create-app-router';
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
    preloadRoute('/'),
    loadRemainingTexts().then(warmFormatters),
    START_DEFINITION ? queryClient.fetchQuery(definitionQuery(START_DEFINITION, i18n.t)).then(preloadRenderer, () => undefined) : undefined,
  ]);

/**
 * At sign-in, before the app is drawn: the shell's data and the start page's cards are asked for at once, the
 * same queries its parts make, instead of each when its part has rendered (a render takes seconds on a slow phone).
 */
export function prefetchSignedIn(user: SessionUser, path: string | undefined): void {
  // Until MFA is set up the server answers only the set-up's calls, and no shell is drawn.
  if (user.MustSetupMfa) return;
  const locale = i18n.resolvedLanguage ?? i18n.language;
  // As the shell will (its first dates follow the en-US/en-GB rule): the cards' query is the one it asks.
  followUserCountry(user);
  void queryClient.prefetchQuery(supportDetailsQuery);
  void queryClient.prefetchQuery(definitionMenuQuery);
  void queryClient.prefetchQuery(accountTypesQuery(user.UserAccountId, locale));
  // The page asked for after sign-in (a link's `redirect`): its code comes with the session's first data.
  if (path) void preloadRoute(path).catch(() => undefined);
  if (!START_DEFINITION || (path ?? '/') !== '/') return;
  void queryClient.fetchQuery(definitionQuery(START_DEFINITION, i18n.t)).then((definition) => {
    if (!definition.board || !canOpenScreen(definition, user.Capability)) return;
    return queryClient.prefetchQuery(boardQuery(definition, screenContext(user, {}, new URLSearchParams()), gridServiceCaller, pageFormatting(locale).locale));
  }, () => undefined);
}
