import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callService } from '../../api';

/** Wait after the last keystroke before asking the server. */
const DEBOUNCE_MS = 250;

export interface PasswordCheckState {
  /** Rule ids the password breaks; undefined until the first answer for a non-empty password. */
  failedRules: ReadonlySet<string> | undefined;
  /** An answer for an older value is shown while the newest is on its way. */
  checking: boolean;
  /** The check itself failed (e.g. an expired reset link): the server's text. */
  error: string | undefined;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The server's live check of a candidate password (Account/ValidateUserPassword). */
export function usePasswordCheck(password: string, token?: string): PasswordCheckState {
  const debounced = useDebounced(password, DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['identity', 'passwordCheck', debounced, token ?? null],
    queryFn: ({ signal }) =>
      callService('Account', 'ValidateUserPassword', token ? { password: debounced, token } : { password: debounced }, { signal, suppressErrors: true }),
    enabled: debounced !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // Candidate passwords do not linger in the cache.
    gcTime: 0,
  });
  if (password === '') return { failedRules: undefined, checking: false, error: undefined };
  return {
    failedRules: query.data ? new Set(query.data.FailedRules.map((rule) => rule.Rule)) : undefined,
    checking: debounced !== password || query.isFetching,
    error: query.error instanceof Error ? query.error.message : undefined,
  };
}
