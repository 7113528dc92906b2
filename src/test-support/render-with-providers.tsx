/** Test-only helpers: English texts, a fresh query client and a memory router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import en from '../../locales/en.json';
import { initI18n } from '../i18n/i18n';
import { LanguageTransitions } from '../i18n/LanguageTransitions';
import { AppThemeProvider } from '../theme/AppThemeProvider';

export async function initEnglish(): Promise<void> {
  await initI18n('en', async () => en);
}

export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <LanguageTransitions>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </QueryClientProvider>
    </LanguageTransitions>,
  );
  return { ...view, router, queryClient };
}

/** A fetch stub answering service calls by `Service/Method`. */
export function fakeServiceFetch(answers: Record<string, (body: unknown) => Response>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const key = url.split('/rest/')[1] ?? url;
    const answer = answers[key];
    if (!answer) return new Response('<Fault><Message>not stubbed</Message></Fault>', { status: 404 });
    return answer(init?.body ? JSON.parse(String(init.body)) : undefined);
  };
}
