import { useQuery } from '@tanstack/react-query';
import { callService } from '../../api';
import type { DefinitionKind } from '../../../contract/services/studio';

export const STUDIO_LIST_KEY = ['studio', 'definitions'] as const;
export const studioDefinitionKey = (kind: DefinitionKind, name: string) => ['studio', 'definition', kind, name] as const;
export const studioVersionsKey = (kind: DefinitionKind, name: string) => ['studio', 'versions', kind, name] as const;

export function useDefinitionList() {
  return useQuery({ queryKey: STUDIO_LIST_KEY, queryFn: ({ signal }) => callService('Studio', 'ListDefinitions', {}, { signal }) });
}

/** The latest version of a definition (what the editor starts from). */
export function useDefinition(kind: DefinitionKind, name: string) {
  return useQuery({
    queryKey: studioDefinitionKey(kind, name),
    queryFn: ({ signal }) => callService('Studio', 'GetDefinition', { kind, name }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useDefinitionVersions(kind: DefinitionKind, name: string) {
  return useQuery({
    queryKey: studioVersionsKey(kind, name),
    queryFn: ({ signal }) => callService('Studio', 'ListDefinitionVersions', { kind, name }, { signal }),
  });
}

export function useLayoutSchema() {
  return useQuery({ queryKey: ['studio', 'layoutSchema'], queryFn: ({ signal }) => callService('Studio', 'GetLayoutSchema', {}, { signal }), staleTime: Infinity });
}
