/**
 * The account page's tabs as a product owner edits them in the studio (issue 33): add a tab (the
 * screen definition it draws with the account), order, retitle per language, say who sees it, remove. Pure edits of the layout's `Tabs`; the
 * server's type checks (server/forms/account-types.ts) judge the result on every check and publish.
 */
import type { LayoutJson } from './layout-json';
import { ownKey, textsOf, withTexts, type CapabilityFlag, type LocaleTexts } from './layout-panels';

export interface TabJson {
  Path: string;
  Label?: string;
  /** The screen definition the tab draws (or, for a few tabs the app still draws itself, Host). */
  Definition?: string;
  Host?: string;
  Requires?: { ObjectType: string; Flag: CapabilityFlag }[];
}

/** A layout without Tabs has the details tab alone (the server's default). */
export const tabsOf = (layout: LayoutJson): TabJson[] => (Array.isArray(layout.Tabs) ? (layout.Tabs as TabJson[]) : [{ Path: '', Host: 'accountDetails' }]);

const withTabs = (layout: LayoutJson, tabs: TabJson[]): LayoutJson => ({ ...layout, Tabs: tabs });

/** A route segment from a name ("Webhooks 2" → "webhooks-2"). */
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').replace(/^[^a-z]+/, '') || 'tab';

/** A route segment from a name, not yet used by another tab (but the one at `except`). */
export function freeTabPath(layout: LayoutJson, name: string, except = -1): string {
  const base = slugOf(name);
  const used = new Set(tabsOf(layout).flatMap((tab, at) => (at === except ? [] : [tab.Path])));
  for (let index = 1; ; index++) {
    const path = index === 1 ? base : `${base}-${index}`;
    if (!used.has(path)) return path;
  }
}

/** Adds a tab at the end with its own path and an English title under a key of the layout's own. */
export function withNewTab(layout: LayoutJson, tab: Omit<TabJson, 'Path' | 'Label'>, title: string): LayoutJson {
  const path = freeTabPath(layout, title || tab.Definition || 'tab');
  const key = ownKey(layout, undefined, `studio.tab.${path}`);
  const next = withTexts(layout, key, { en: title.trim() || path });
  return withTabs(next, [...tabsOf(next), { Path: path, Label: key, ...(tab.Definition ? { Definition: tab.Definition } : {}) }]);
}

/** Moves a tab by one place (-1 earlier, +1 later); at either end nothing moves. */
export function withTabMoved(layout: LayoutJson, index: number, by: -1 | 1): LayoutJson {
  const tabs = [...tabsOf(layout)];
  const target = index + by;
  if (target < 0 || target >= tabs.length) return layout;
  [tabs[index], tabs[target]] = [tabs[target], tabs[index]];
  return withTabs(layout, tabs);
}

/** Removes a tab and the texts only it used; the last tab stays (a page has at least one). */
export function withoutTab(layout: LayoutJson, index: number): LayoutJson {
  const tabs = tabsOf(layout);
  if (tabs.length <= 1) return layout;
  const removed = tabs[index];
  const rest = tabs.filter((_, at) => at !== index);
  if (!removed.Label?.startsWith('studio.tab.')) return withTabs(layout, rest);
  const texts = Object.fromEntries(Object.entries(layout.Texts ?? {}).map(([locale, own]) => [locale, Object.fromEntries(Object.entries(own).filter(([key]) => key !== removed.Label))]));
  return { ...withTabs(layout, rest), Texts: texts };
}

/** Sets a property of a tab (undefined or '' removes it). */
export function withTabProperty<K extends keyof TabJson>(layout: LayoutJson, index: number, key: K, value: TabJson[K] | undefined): LayoutJson {
  const tabs = [...tabsOf(layout)];
  const tab = { ...tabs[index] };
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete tab[key];
  else tab[key] = value;
  tabs[index] = tab;
  return withTabs(layout, tabs);
}

/** A tab's title per language, as the layout holds it (a shared key's texts live elsewhere: none here). */
export const tabTitles = (layout: LayoutJson, index: number): LocaleTexts => textsOf(layout, tabsOf(layout)[index]?.Label);

/**
 * Retitles a tab in the given languages, under a key of its own (a shared key is not rewritten for every
 * type). A tab made in the studio whose path still follows its English title follows the new one.
 */
export function withTabTitle(layout: LayoutJson, index: number, texts: LocaleTexts): LayoutJson {
  const tab = tabsOf(layout)[index];
  const before = tab.Label ? layout.Texts?.en?.[tab.Label] : undefined;
  const key = ownKey(layout, tab.Label, `studio.tab.${tab.Path || 'details'}`);
  const english = texts.en ?? layout.Texts?.en?.[key] ?? '';
  const next = withTabProperty(withTexts(layout, key, { ...texts, en: english.trim() ? english : tab.Path || tab.Definition || tab.Host || 'tab' }), index, 'Label', key);
  const follows = texts.en?.trim() && tab.Label?.startsWith('studio.tab.') && before !== undefined && tab.Path === freeTabPath(layout, before, index);
  return follows ? withTabProperty(next, index, 'Path', freeTabPath(next, texts.en!, index)) : next;
}
