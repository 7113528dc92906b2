/**
 * Tabs (schema/tabs.ts), pure: the record page's tabs — read from a method's answer (the row matching the
 * record) or listed in the definition and shown by capability — the tab a route segment chooses, each tab's
 * route and test ids, and the context a tab's definition is drawn with.
 */
import type { Capability } from '../../contract/capabilities';
import type { HostTabName } from '../../contract/host-tabs';
import { HOST_TABS } from '../../contract/host-tabs';
import { meetsAccess } from './access';
import type { ScreenContext } from './bindings';
import type { TabsDefinition, TextRef } from './definition-schema';
import { paneContext, valueAt } from './panes';
import { routeWithContext } from './list-editor';

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One tab shown: its segment, its title (a text the answer gave, or a text reference) and what it draws. */
export interface TabEntry {
  path: string;
  /** A title the answer gave (already in the caller's language), or a text of the definition. */
  label: { given: string } | { ref: TextRef };
  definition?: string;
  host?: HostTabName;
}

const isHostTab = (name: unknown): name is HostTabName => typeof name === 'string' && (HOST_TABS as readonly string[]).includes(name);

/** The tabs a method's answer gives for the record: the row whose `match.field` equals the record's field, its list. */
export function tabsFromAnswer(from: NonNullable<TabsDefinition['from']>, answer: unknown, record: unknown): TabEntry[] {
  const rows = Array.isArray(answer) ? answer.filter(isRow) : [];
  const wanted = valueAt(record, from.match.record);
  const row = rows.find((candidate) => wanted !== undefined && candidate[from.match.field] === wanted);
  const list = row?.[from.tabsField];
  if (!Array.isArray(list)) return [];
  return list.filter(isRow).flatMap((tab): TabEntry[] => {
    const path = String(tab[from.fields.path] ?? '');
    const label = { given: String(tab[from.fields.label] ?? path) };
    const host = from.fields.host ? tab[from.fields.host] : undefined;
    if (isHostTab(host)) return [{ path, label, host }];
    const definition = tab[from.fields.definition];
    return typeof definition === 'string' && definition !== '' ? [{ path, label, definition }] : [];
  });
}

/** The tabs the definition lists that the user may see, in order. */
export function listedTabs(list: NonNullable<TabsDefinition['list']>, capabilities: readonly Capability[]): TabEntry[] {
  return list
    .filter((tab) => meetsAccess(capabilities, tab.requires))
    .map((tab) => ({ path: tab.path, label: { ref: tab.label }, ...(tab.definition ? { definition: tab.definition } : {}), ...(tab.host ? { host: tab.host } : {}) }));
}

/** The tab a route segment names: missing or empty is the first; a segment naming no tab is none (not found). */
export function chosenTab(tabs: readonly TabEntry[], segment: unknown): TabEntry | undefined {
  const wanted = segment === undefined || segment === null ? '' : String(segment);
  if (wanted === '') return tabs[0];
  return tabs.find((tab) => tab.path === wanted);
}

/** A tab's route: the page's route ({name} of the context), then /{path} unless it is the first's empty one. */
export function tabRoute(tabs: TabsDefinition, tab: TabEntry, context: ScreenContext): string | undefined {
  const base = routeWithContext(tabs.to, context);
  if (base === undefined) return undefined;
  return tab.path ? `${base}/${encodeURIComponent(tab.path)}` : base;
}

/** A tab's test id and its content's: the empty path stands as `first`. */
export const tabTestId = (tabs: TabsDefinition, tab: TabEntry): string => `${tabs.tabTestId}-${tab.path || tabs.first}`;
export const tabPageTestId = (tabs: TabsDefinition, tab: TabEntry): string => `${tabs.pageTestId}-${tab.path || tabs.first}`;

/** The context a tab's definition is drawn with: each value taken from the page's (missing ones left out). */
export const tabContext = (tabs: TabsDefinition, context: ScreenContext): ScreenContext => paneContext(tabs.context, context);
