/**
 * Lists of links (schema/link-lists.ts): which lists a user sees, the body of a list's page, what an
 * answer holds (its rows, whether more follow, the total), the line under an entry and where a link
 * goes — a route of the app, or a link of the shell's table that the screen host resolves. Pure: no React.
 */
import type { Capability } from '../../contract/capabilities';
import { meetsAccess } from './access';
import { applyBindings, BindingError, setPath, type ScreenContext } from './bindings';
import type { LinkListDefinition, LinkListsDefinition, LinkTargetDefinition } from './definition-schema';
import { recordConditionHolds, recordRoute, valueAt } from './record-page';
import { kindLabel, resolveText, type Translate } from './texts';

type Row = Record<string, unknown>;

/** Where a link leads: a route of this app, or an address elsewhere (the legacy app). */
export type LinkDestination = { kind: 'route'; to: string } | { kind: 'external'; href: string };
/** The screen host's resolver of shell links (src/shell/links.ts); undefined: the link leads nowhere for this user. */
export type ResolveLink = (id: string, params: Record<string, string | number>) => LinkDestination | undefined;

/** The lists the user may see (each list's `requires`: any one of them held). */
export const shownLinkLists = (lists: LinkListsDefinition, capabilities: readonly Capability[]): LinkListDefinition[] =>
  lists.lists.filter((list) => meetsAccess(capabilities, list.requires ? { anyOf: list.requires } : undefined));

/** The body of a list's call for a page (0 based); undefined while the context lacks a value it needs. */
export function linkListBody(list: LinkListDefinition, context: ScreenContext, page: number): Row | undefined {
  let body: Row;
  try {
    body = applyBindings({}, list.source.params, context);
  } catch (error) {
    if (error instanceof BindingError) return undefined;
    throw error;
  }
  const paging = list.source.paging;
  if (paging.mode === 'hasMore') {
    setPath(body, paging.startParam, page * list.source.pageSize);
    setPath(body, paging.sizeParam, list.source.pageSize);
  }
  return body;
}

export interface LinkListPage {
  rows: Row[];
  hasMore: boolean;
  /** Every match (client paging), for the title's and `more`'s {{count}}. */
  total: number;
}

/** The page shown from an answer: the server's page as it is, or the client's slice of every row. */
export function linkListPage(list: LinkListDefinition, answer: unknown, page: number): LinkListPage {
  const found = valueAt(answer, list.source.rowsPath);
  const rows = Array.isArray(found) ? (found as Row[]) : [];
  const paging = list.source.paging;
  if (paging.mode === 'hasMore') return { rows, hasMore: valueAt(answer, paging.hasMorePath) === true, total: rows.length };
  const size = list.source.pageSize;
  const total = paging.totalPath ? Number(valueAt(answer, paging.totalPath) ?? rows.length) : rows.length;
  return { rows: rows.slice(page * size, (page + 1) * size), hasMore: (page + 1) * size < rows.length, total };
}

/** The line under an entry's name: its parts that hold and have a value, joined with ·. */
export function linkItemDetails(list: LinkListDefinition, row: Row, translate: Translate, locale: string): string {
  return (list.item.details ?? [])
    .flatMap((part) => {
      if (!recordConditionHolds(part.when, row)) return [];
      if (part.text) return [resolveText(part.text, translate, locale)];
      const value = part.field ? valueAt(row, part.field) : undefined;
      if (value === undefined || value === null || value === '') return [];
      const text = part.valueKind ? kindLabel(part.valueKind, String(value), translate) : String(value);
      return [`${part.prefix ?? ''}${text}`];
    })
    .join(' · ');
}

export const linkItemMuted = (list: LinkListDefinition, row: Row): boolean => list.item.mutedWhen !== undefined && recordConditionHolds(list.item.mutedWhen, row);

const base64OfText = (text: string): string => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * Where a link leads for a row (or the context alone): its route with `{Field}` filled, or the shell link
 * resolved by the host (its `fallback` route when it leads nowhere); undefined when a value
 * is missing or the link leads nowhere.
 */
export function linkDestination(link: LinkTargetDefinition, row: Row, context: ScreenContext, resolve: ResolveLink | undefined): LinkDestination | undefined {
  const route = (to: string): LinkDestination | undefined => {
    const filled = recordRoute(to, row, context);
    return filled ? { kind: 'route', to: filled } : undefined;
  };
  if (link.to) return route(link.to);
  if (!link.shellLink) return undefined;
  const params: Record<string, string | number> = {};
  for (const [name, source] of Object.entries(link.params ?? {})) {
    const value = 'field' in source ? valueAt(row, source.field) : context[source.context];
    if (value === undefined || value === null || value === '') return undefined;
    params[name] = 'encoding' in source && source.encoding === 'base64' ? base64OfText(String(value)) : (value as string | number);
  }
  return resolve?.(link.shellLink, params) ?? (link.fallback ? route(link.fallback) : undefined);
}
