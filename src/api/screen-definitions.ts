import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenDefinition } from '../../engine/grids';
import { definitionVersions } from './definition-versions';

/** Where the server serves screen definitions (server/definitions). */
export const DEFINITIONS_PATH = '/DataModel/definitions/';

export class DefinitionUnavailableError extends Error {}

const looksLikeDefinition = (value: unknown): value is ScreenDefinition =>
  typeof value === 'object' && value !== null && 'dataSource' in value && Array.isArray((value as { columns?: unknown }).columns);

export type Translate = ReturnType<typeof useTranslation>['t'];

async function fetchDefinition(name: string, t: Translate, signal?: AbortSignal): Promise<ScreenDefinition> {
  const version = (await definitionVersions())[name];
  const address = `${DEFINITIONS_PATH}${encodeURIComponent(name)}.json${typeof version === 'string' ? `?v=${encodeURIComponent(version)}` : ''}`;
  const response = await fetch(address, { signal, credentials: 'same-origin' });
  if (response.status === 404) throw new DefinitionUnavailableError(t('grids.definitionNotFound', { name }));
  const definition: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
  if (!looksLikeDefinition(definition)) throw new DefinitionUnavailableError(t('grids.definitionInvalid', { name }));
  return definition;
}

/** The query of one definition, cached for the visit: the screens, the row dialogs and the prefetch share it. */
export const definitionQuery = (name: string, t: Translate) => ({
  queryKey: ['screen-definition', name],
  staleTime: Infinity,
  retry: false,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchDefinition(name, t, signal),
});

/**
 * A screen definition read from the server at run time, so a new definition
 * file is a new screen without a client build. Cached for the visit.
 */
export function useScreenDefinition(name: string) {
  const { t } = useTranslation();
  return useQuery(definitionQuery(name, t));
}

/** Reads other definitions on demand (a row's dialog), from the same cache. */
export function useDefinitionLoader() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback((name: string) => queryClient.fetchQuery(definitionQuery(name, t)), [queryClient, t]);
}
