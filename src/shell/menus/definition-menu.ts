/**
 * Profile menu entries that published screen definitions ask for (their `menu`
 * block, issue 22): a list screen created in the studio gets its entry without a
 * client build, shown to whom its access lets open it (the server filters), and
 * loses it when retired (the realtime `definitions` event refetches the list).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TextRef } from '../../../engine/grids/definition-schema';
import { resolveText } from '../../../engine/grids/texts';
import { callService } from '../../api';
import type { DefinitionMenuEntry } from '../../../contract/services/studio-create';
import type { MenuLink, ProfileMenuItem } from './shell-menus';

export const DEFINITION_MENU_KEY = ['definition-menu'] as const;

/** The query itself, also asked for at sign-in before the shell is drawn (src/App.tsx prefetchSignedIn). */
export const definitionMenuQuery = queryOptions({
  queryKey: DEFINITION_MENU_KEY,
  queryFn: ({ signal }) => callService('Studio', 'ListDefinitionMenu', {}, { signal, suppressErrors: true }),
  staleTime: Infinity,
});

export function useDefinitionMenu(enabled: boolean): DefinitionMenuEntry[] {
  return useQuery({ ...definitionMenuQuery, enabled }).data ?? [];
}

/** The entries put into their groups (a group the user had no entry of comes last), the others at the top level. */
export function withDefinitionEntries(items: ProfileMenuItem[], entries: readonly DefinitionMenuEntry[], label: (entry: DefinitionMenuEntry) => string): ProfileMenuItem[] {
  const result = items.map((item) => (item.kind === 'group' ? { ...item, links: [...item.links] } : item));
  for (const entry of entries) {
    const link: MenuLink = { id: `definition-${entry.Name}`, target: { kind: 'route', to: `/list/${entry.Name}` }, label: label(entry) };
    if (!entry.Group) {
      result.push({ kind: 'link', ...link });
      continue;
    }
    const group = result.find((item) => item.kind === 'group' && item.id === entry.Group);
    if (group?.kind === 'group') group.links.push(link);
    else result.push({ kind: 'group', id: entry.Group, links: [link] });
  }
  return result;
}

/** The label of an entry in the user's language (a text key or inline texts per language). */
export function useDefinitionLabel(): (entry: DefinitionMenuEntry) => string {
  const { t, i18n } = useTranslation();
  return (entry) => resolveText(entry.Label as TextRef, (key, values) => t(key, values), i18n.resolvedLanguage ?? 'en');
}
