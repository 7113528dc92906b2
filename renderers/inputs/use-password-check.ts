import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

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

/**
 * The server's live check of a candidate password: `check` asks it (a form's policy.check) and answers the broken
 * rules; `scope` tells checks apart (e.g. a reset link's token: the server checks against that user's names).
 */
export function usePasswordCheck(password: string, scope: string, check: (password: string, signal: AbortSignal) => Promise<ReadonlySet<string>>): PasswordCheckState {
  const debounced = useDebounced(password, DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['passwordCheck', scope, debounced],
    queryFn: ({ signal }) => check(debounced, signal),
    enabled: debounced !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // Candidate passwords do not linger in the cache.
    gcTime: 0,
    retry: false,
  });
  if (password === '') return { failedRules: undefined, checking: false, error: undefined };
  return {
    failedRules: query.data,
    checking: debounced !== password || query.isFetching,
    error: query.error instanceof Error ? query.error.message : undefined,
  };
}
