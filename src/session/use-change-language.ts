import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callService } from '../api';
import { changeLocale, type Locale } from '../i18n';
import { CURRENT_USER_QUERY_KEY } from './current-user';

/**
 * Switches the language and, when signed in, stores it on the server too (failures only logged). What the
 * server wrote in words for the screens (the dashboard's recent activity, audit sentences, value texts) was
 * written in the previous language: those answers are fetched again in the new one (issue 36 item 6).
 */
export function useChangeLanguage(): (code: string) => Promise<Locale | undefined> {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: string) => {
      const locale = await changeLocale(code);
      if (locale && queryClient.getQueryData(CURRENT_USER_QUERY_KEY)) {
        await callService('Authorization', 'SetLanguage', { languageCode: locale }, { suppressErrors: true }).catch(
          (error: unknown) => console.error('SetLanguage failed', error),
        );
        // Every answer but the signed-in user (whose language was just stored): the server words them in the caller's language.
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] || query.queryKey[1] !== CURRENT_USER_QUERY_KEY[1] });
      }
      return locale;
    },
    [queryClient],
  );
}
