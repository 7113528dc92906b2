/**
 * The studio's panels for a list screen definition (issue 33): its title per
 * language, who may open it, its menu entry, and its columns, filters and
 * actions (shown or hidden, order, removed), as pure edits of the definition.
 */
export type TextRef = string | Record<string, string>;
export interface ScreenJson {
  id?: string;
  title?: TextRef;
  access?: { anyOf?: { objectType: string; flag: string }[]; allOf?: { objectType: string; flag: string }[] };
  columns?: { field: string; label?: TextRef; hidden?: boolean; [key: string]: unknown }[];
  filters?: { field: string; label?: TextRef; [key: string]: unknown }[];
  actions?: { id: string; label?: TextRef; [key: string]: unknown }[];
  menu?: { group?: string; label?: TextRef };
  [key: string]: unknown;
}
export type ScreenList = 'columns' | 'filters' | 'actions';
export const MENU_GROUPS = ['top', 'orders', 'quotes', 'marketplaces', 'administration'] as const;

export const isScreenJson = (value: unknown): value is ScreenJson =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as ScreenJson).columns);

/** The capabilities whose Read opens the screen (its anyOf; allOf entries are kept as they are). */
export const accessOf = (screen: ScreenJson): string[] => (screen.access?.anyOf ?? []).filter((ref) => ref.flag === 'Read').map((ref) => ref.objectType);

/** Who may open it: Read on any of these. None chosen is refused by the caller: an empty access would let everyone in. */
export function withAccess(screen: ScreenJson, objectTypes: readonly string[]): ScreenJson {
  const others = (screen.access?.anyOf ?? []).filter((ref) => ref.flag !== 'Read');
  const anyOf = [...others, ...objectTypes.map((objectType) => ({ objectType, flag: 'Read' }))];
  const access: NonNullable<ScreenJson['access']> = { ...screen.access, anyOf };
  if (anyOf.length === 0) delete access.anyOf;
  return { ...screen, access };
}

/** The menu group ('' for no entry; 'top' for the top of the profile menu). */
export const menuOf = (screen: ScreenJson): string => (screen.menu ? (screen.menu.group ?? 'top') : '');

export function withMenu(screen: ScreenJson, group: string): ScreenJson {
  const next = { ...screen };
  if (!group) delete next.menu;
  else next.menu = group === 'top' ? (({ group: _dropped, ...rest }) => rest)(screen.menu ?? {}) : { ...screen.menu, group };
  return next;
}

/** A text given per language (a key stays a key until a text is written for it). */
export const titleTexts = (title: TextRef | undefined): Record<string, string> => (typeof title === 'object' && title ? { ...title } : {});

export function withTitle(screen: ScreenJson, texts: Record<string, string>): ScreenJson {
  const merged = { ...titleTexts(screen.title), ...texts };
  const kept = Object.fromEntries(Object.entries(merged).filter(([locale, text]) => locale === 'en' || text.trim()));
  return { ...screen, title: kept };
}

export function moveItem(screen: ScreenJson, list: ScreenList, index: number, by: -1 | 1): ScreenJson {
  const items = [...((screen[list] as unknown[] | undefined) ?? [])];
  const target = index + by;
  if (target < 0 || target >= items.length) return screen;
  [items[index], items[target]] = [items[target], items[index]];
  return { ...screen, [list]: items };
}

/** Removes an item; a list left empty is left out (columns keep at least one). */
export function removeItem(screen: ScreenJson, list: ScreenList, index: number): ScreenJson {
  const items = ((screen[list] as unknown[] | undefined) ?? []).filter((_item, at) => at !== index);
  if (list === 'columns' && items.length === 0) return screen;
  const next = { ...screen, [list]: items };
  if (items.length === 0) delete next[list];
  return next;
}

export function withColumnHidden(screen: ScreenJson, index: number, hidden: boolean): ScreenJson {
  const columns = [...(screen.columns ?? [])];
  const column = { ...columns[index] };
  if (hidden) column.hidden = true;
  else delete column.hidden;
  columns[index] = column;
  return { ...screen, columns };
}
