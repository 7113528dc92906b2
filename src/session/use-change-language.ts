import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callService } from '../api';
import { changeLocale, type Locale } from '../i18n';
import { CURRENT_USER_QUERY_KEY } from './current-user';

/** Switches the language and, when signed in, stores it on the server too (failures only logged). */
export function useChangeLanguage(): (code: string) => Promise<Locale | undefined> {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: string) => {
      const locale = await changeLocale(code);
      if (locale && queryClient.getQueryData(CURRENT_USER_QUERY_KEY)) {
        await callService('Authorization', 'SetLanguage', { languageCode: locale }, { suppressErrors: true }).catch(
          (error: unknown) => console.error('SetLanguage failed', error),
        );
      }
      return locale;
    },
    [queryClient],
  );
}
