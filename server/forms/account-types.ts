/**
 * Account types as data (issue 33): every generic account layout is a type,
 * with its parents, prefix, icon, colour, create segment and the tabs of its
 * page. The checks here refuse what would break the type graph or the page:
 * a type colliding with another, an unknown parent, a cycle of parents, a tab
 * naming no screen definition (or both one and a host tab), a tab nobody
 * allowed by its Requires could load. Each problem carries a server text key,
 * so the studio says it in the user's language.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_ACCOUNT_ACTIONS, type AccountAction, type AccountTypeColor, type AccountTypeIcon } from '../../contract/account-types';
import { findMethod } from '../../contract/catalogue';
import type { LayoutFile, LayoutFileTab } from './layout-file-schema';

export interface AccountTypeEntry {
  accountType: string;
  /** The layout's name, e.g. accounts/company. */
  name: string;
  file: string;
  layout: LayoutFile;
  typeLabel: string;
  icon: AccountTypeIcon;
  color: AccountTypeColor;
  segment: string;
  creatable: boolean;
  organisation: boolean;
  tabs: readonly LayoutFileTab[];
  /** The lifecycle actions its accounts offer (Move, Terminate …). */
  actions: readonly AccountAction[];
  /** Place among siblings in trees (lower first). */
  rank: number;
}

/** A problem with its server text, so a refusal is said in the caller's language. */
export interface TypeProblem {
  file: string;
  path: string;
  rule: string;
  message: string;
  text: { key: string; values: Record<string, string> };
}

/** A layout without Tabs: its account's details alone (the layout's form; a host tab until the details are a definition). */
const DETAILS_TAB: LayoutFileTab = { Path: '', Host: 'accountDetails' };

export function accountTypeEntry(name: string, file: string, layout: LayoutFile): AccountTypeEntry {
  return {
    accountType: layout.AccountType,
    name,
    file,
    layout,
    typeLabel: layout.TypeLabel ?? `values.accountType.${layout.AccountType}`,
    icon: layout.Icon ?? 'account',
    color: layout.Color ?? 'default',
    segment: layout.Segment ?? layout.AccountType.toLowerCase(),
    creatable: layout.Creatable ?? layout.Actions.includes('CREATE'),
    organisation: layout.Organisation ?? false,
    tabs: layout.Tabs ?? [DETAILS_TAB],
    actions: layout.AccountActions ?? DEFAULT_ACCOUNT_ACTIONS,
    rank: 0,
  };
}

/** Tree order: the layout's TreeOrder, else from the parent graph (a type whose parents are only itself is 0, else one more than its highest parent). */
function assignRanks(types: Map<string, AccountTypeEntry>): void {
  const rankOf = (type: string, seen: Set<string>): number => {
    const entry = types.get(type);
    if (entry?.layout.TreeOrder !== undefined) return entry.layout.TreeOrder;
    const parents = (entry?.layout.ParentTypes ?? []).filter((parent) => parent !== type && !seen.has(parent) && types.has(parent));
    if (!entry || parents.length === 0) return 0;
    return 1 + Math.max(...parents.map((parent) => rankOf(parent, new Set([...seen, type]))));
  };
  for (const entry of types.values()) entry.rank = rankOf(entry.accountType, new Set());
}

/** A parent cycle through `start` other than a type under itself (nested resellers, departments), as the types on it. */
function cycleFrom(start: string, types: Map<string, AccountTypeEntry>): string[] | undefined {
  const walk = (type: string, trail: string[]): string[] | undefined => {
    for (const parent of types.get(type)?.layout.ParentTypes ?? []) {
      if (parent === type) continue;
      if (parent === start) return [...trail, parent];
      if (trail.includes(parent)) continue;
      const found = walk(parent, [...trail, parent]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}

/** Loads a screen definition by name (the studio passes the published ones first). */
export type ScreenLookup = (name: string) => unknown;

export function fileScreenLookup(dir = resolve(process.env.PORTAL_DEFINITIONS_DIR ?? resolve(import.meta.dirname, '../../screen-definitions/screens'))): ScreenLookup {
  return (name) => {
    try {
      return JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as unknown;
    } catch {
      return undefined;
    }
  };
}

interface GridSource {
  dataSource?: { service?: string; method?: string };
}

function checkTab(tab: LayoutFileTab, index: number, screens: ScreenLookup, add: (path: string, rule: string, message: string, key: string, values: Record<string, string>) => void): void {
  const path = `/Tabs/${index}`;
  if ((tab.Definition === undefined) === (tab.Host === undefined)) {
    add(path, 'tabShows', 'names what it shows twice or not at all: give either Definition (a screen definition) or Host', 'types.tabShows', {});
    return;
  }
  if (tab.Host) return;
  const definition = screens(tab.Definition ?? '') as GridSource | undefined;
  if (!definition?.dataSource) {
    add(`${path}/Definition`, 'tabDefinition', `names no screen definition (${tab.Definition ?? 'none'}): give the id of one in screen-definitions/screens`, 'types.unknownDefinition', { definition2: tab.Definition ?? '' });
    return;
  }
  const method = findMethod(definition.dataSource.service ?? '', definition.dataSource.method ?? '');
  if (method?.access.kind !== 'capability') return;
  const accepted = method.access.anyOf;
  const allowed = tab.Requires ?? [];
  if (!allowed.some((need) => accepted.some((entryNeed) => entryNeed.objectType === need.ObjectType && entryNeed.flag === need.Flag))) {
    const methodName = `${definition.dataSource.service}/${definition.dataSource.method}`;
    const capabilities = accepted.map((need) => `${need.objectType} ${need.flag}`).join(' or ');
    add(`${path}/Requires`, 'tabMethod', `shows ${methodName} to roles that cannot call it: add Requires with ${capabilities}`, 'types.tabMethod', { method: methodName, capabilities });
  }
}

/**
 * The types of the generic layouts with their ranks, and the problems of the
 * type graph and the tabs. Collisions by name are the catalogue's; here a type
 * differing from another only in case is one too (routes and segments would clash).
 */
export function buildAccountTypes(layouts: Iterable<{ name: string; file: string; layout: LayoutFile }>, screens: ScreenLookup = fileScreenLookup()) {
  const types = new Map<string, AccountTypeEntry>();
  const problems: TypeProblem[] = [];
  const bySegment = new Map<string, AccountTypeEntry>();
  const byLowerName = new Map<string, AccountTypeEntry>();
  for (const { name, file, layout } of layouts) {
    const entry = accountTypeEntry(name, file, layout);
    const add = (path: string, rule: string, message: string, key: string, values: Record<string, string>) =>
      problems.push({ file, path, rule, message, text: { key, values: { definition: name, ...values } } });
    const twin = byLowerName.get(entry.accountType.toLowerCase()) ?? bySegment.get(entry.segment);
    if (twin) {
      add('/AccountType', 'typeCollision', `${entry.accountType} collides with the type ${twin.accountType} of ${twin.file}: choose another AccountType (and Segment)`, 'types.collision', { type: entry.accountType, other: twin.accountType });
      continue;
    }
    byLowerName.set(entry.accountType.toLowerCase(), entry);
    bySegment.set(entry.segment, entry);
    types.set(entry.accountType, entry);
  }
  for (const entry of types.values()) {
    const add = (path: string, rule: string, message: string, key: string, values: Record<string, string>) =>
      problems.push({ file: entry.file, path, rule, message, text: { key, values: { definition: entry.name, ...values } } });
    entry.layout.ParentTypes?.forEach((parent, index) => {
      if (!types.has(parent)) add(`/ParentTypes/${index}`, 'parentType', `names the account type ${parent}, which no layout defines: name an existing type or add its layout`, 'types.unknownParent', { parent });
    });
    const cycle = cycleFrom(entry.accountType, types);
    if (cycle) add('/ParentTypes', 'parentCycle', `makes a cycle of parents (${cycle.join(' → ')}): remove one of these parents`, 'types.parentCycle', { cycle: cycle.join(' → ') });
    const paths = new Set<string>();
    entry.tabs.forEach((tab, index) => {
      if (paths.has(tab.Path)) add(`/Tabs/${index}/Path`, 'tabPath', `the tab path "${tab.Path}" is used twice: give each tab its own Path`, 'types.tabPathTwice', { path: tab.Path });
      paths.add(tab.Path);
      checkTab(tab, index, screens, add);
    });
  }
  assignRanks(types);
  return { types, problems };
}

/** The types the running server serves (set with each checked catalogue): the SQL of trees and pickers is built from them. */
let served: ReadonlyMap<string, AccountTypeEntry> = new Map();
export const setServedTypes = (types: ReadonlyMap<string, AccountTypeEntry>) => {
  served = types;
};
export const servedTypes = () => served;
