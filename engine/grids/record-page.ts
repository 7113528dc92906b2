/**
 * Record pages (issue 22): a screen definition's `recordPage` turned into
 * what a renderer draws — the record's call and its sources bound to the
 * context, the parts the user's capabilities let see, values read by dotted
 * path and formatted for the locale. Pure: no React.
 */
import type { Capability } from '../../contract/capabilities';
import { meetsAccess } from './access';
import { applyBindings, BindingError, type ScreenContext } from './bindings';
import type { ValueKindName } from '../../contract/value-kinds';
import type { RecordActionButtonDefinition, RecordBlockDefinition, RecordConditionDefinition, RecordWhenDefinition, RecordFactDefinition, RecordPageDefinition, RecordSectionDefinition, ScreenDefinition } from './definition-schema';
import { formatTime } from '../../contract/formatting';
import { formatValue } from './format-value';
import { valueFormat } from './grid-model';
import { kindLabel, type Translate } from './texts';

type Values = Record<string, unknown>;
type Source = NonNullable<RecordPageDefinition['sources']>[number];
type Header = NonNullable<RecordPageDefinition['header']>;
type HeaderLink = NonNullable<Header['links']>[number];
type NamedValue = string | { field: string; type: 'date' | 'dateTime' | 'time' };

/** The value at a dotted path (`Service.DisplayName`), undefined when a step is missing. */
export function valueAt(values: unknown, path: string): unknown {
  let node = values;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Values)[part];
  }
  return node;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The ids of a path held by a context value (`/1/5/9` → 1, 5, 9 as texts). */
const pathIds = (path: unknown): string[] => String(path ?? '').split('/').filter(Boolean);

/**
 * Does the condition hold for the page's values? No condition always holds. A condition naming a context value
 * (notInContextPath) never holds while the context lacks it.
 */
export function recordConditionHolds(condition: RecordConditionDefinition | undefined, values: Values, context: ScreenContext = {}): boolean {
  if (!condition) return true;
  const value = valueAt(values, condition.field);
  if (condition.present !== undefined && condition.present === isEmpty(value)) return false;
  const same = (entry: unknown) => entry === (value === undefined ? null : value);
  if (condition.in && !condition.in.some(same)) return false;
  if (condition.notIn?.some(same)) return false;
  if (condition.includes !== undefined && !(Array.isArray(value) && value.includes(condition.includes))) return false;
  if (condition.notInContextPath !== undefined) {
    const ids = pathIds(context[condition.notInContextPath]);
    if (ids.length === 0 || isEmpty(value) || ids.includes(String(value))) return false;
  }
  return true;
}

/** Does a `when` hold: one condition, or every one of a list? */
export const recordWhenHolds = (when: RecordWhenDefinition | undefined, values: Values, context: ScreenContext = {}): boolean =>
  (Array.isArray(when) ? when : [when]).every((condition) => recordConditionHolds(condition, values, context));

/** The body of a record or source call, or undefined while a context value it needs is missing or not a number where one is needed. */
export function recordCallBody(call: { params?: Source['params'] }, context: ScreenContext): Values | undefined {
  try {
    return applyBindings({}, call.params, context);
  } catch (error) {
    if (error instanceof BindingError) return undefined;
    throw error;
  }
}

/** A route with `{Name}` filled from the values (dotted paths allowed) or else the context; undefined while one is missing. */
export function recordRoute(to: string, values: Values, context: ScreenContext): string | undefined {
  let missing = false;
  const path = to.replace(/\{([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)\}/g, (_all, name: string) => {
    const found = valueAt(values, name);
    const value = isEmpty(found) ? context[name] : found;
    if (isEmpty(value)) missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? undefined : path;
}

/** Texts of a list value: an array's entries, or a text's non-empty lines. */
export function bulletItems(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((entry) => !isEmpty(entry)).map(String);
  if (typeof value !== 'string') return [];
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A fact's (or a figure's) text in the locale; '' when the value is empty. */
export function recordValueText(
  fact: Pick<RecordFactDefinition, 'field' | 'type' | 'currency' | 'currencyField' | 'valueKind'>,
  values: Values,
  locale: string,
  translate: Translate,
): string {
  const value = valueAt(values, fact.field);
  if (value === undefined || value === null || value === '') return '';
  const row = { value, currency: fact.currencyField ? valueAt(values, fact.currencyField) : undefined };
  const format = valueFormat({ field: 'value', label: fact.field, type: fact.type, currency: fact.currency, currencyField: fact.currencyField && 'currency', valueKind: fact.valueKind }, translate);
  return formatValue(format, row, 'value', locale, translate);
}

/** Values a text names ({{name}}), read from the page's values (a date in the locale's format). */
export function namedValues(names: Readonly<Record<string, NamedValue>> | undefined, values: Values, locale = 'en', translate: Translate = (key) => key): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(names ?? {}).map(([name, named]) => [
      name,
      typeof named === 'string'
        ? String(valueAt(values, named) ?? '')
        : named.type === 'time'
          ? formatTime(valueAt(values, named.field) as string | undefined, { locale })
          : recordValueText({ field: named.field, type: named.type }, values, locale, translate),
    ]),
  );
}

type StateBlock = Extract<RecordBlockDefinition, { kind: 'state' }>;
type ItemsBlock = Extract<RecordBlockDefinition, { kind: 'items' }>;

/** A `state` block's notice: the value, its words (with the values they name) and its colour; undefined while the value is empty. */
export function stateNotice(block: StateBlock, values: Values, translate: Translate, locale = 'en'): { value: string; text: string; severity: 'success' | 'info' | 'warning' | 'error' } | undefined {
  const value = valueAt(values, block.field);
  if (isEmpty(value) || typeof value === 'object') return undefined;
  const text = String(value);
  const named = block.values && namedValues(block.values, values, locale, translate);
  const words = kindLabel(block.valueKind, text, named ? (key, given) => translate(key, { ...named, ...given }) : translate);
  return { value: text, text: words, severity: block.severities[text] ?? 'info' };
}

type ActionsBlock = Extract<RecordBlockDefinition, { kind: 'actions' }>;

/** The buttons of an `actions` block (or a record head's actions) this user sees for the page's values and context. */
export function shownButtons(block: Pick<ActionsBlock, 'buttons'>, values: Values, context: ScreenContext, capabilities: readonly Capability[]): RecordActionButtonDefinition[] {
  return block.buttons.filter(
    (button) =>
      recordWhenHolds(button.when, values, context) &&
      (!button.whenContext || !isEmpty(context[button.whenContext])) &&
      meetsAccess(capabilities, button.requires),
  );
}

export interface ItemLine {
  key: string;
  primary: string;
  secondary?: string;
  chip?: { value: string; label: string; color: string };
}

const entryText = (entry: Values, text: { field: string; valueKind?: ValueKindName }, translate: Translate) => {
  const value = valueAt(entry, text.field);
  if (isEmpty(value) || typeof value === 'object') return '';
  return text.valueKind ? kindLabel(text.valueKind, String(value), translate) : String(value);
};

/** An `items` block's lines: one per entry of the list (entries that are not objects or lack their key are left out). */
export function itemLines(block: ItemsBlock, values: Values, translate: Translate): ItemLine[] {
  const list = valueAt(values, block.field);
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
    const row = entry as Values;
    const key = entryText(row, { field: block.key }, translate);
    if (!key) return [];
    const chipValue = block.chip ? entryText(row, { field: block.chip.field }, translate) : '';
    const chip = block.chip && chipValue ? { value: chipValue, label: entryText(row, block.chip, translate), color: block.chip.colors[chipValue] ?? 'default' } : undefined;
    const secondary = block.secondary ? entryText(row, block.secondary, translate) : '';
    return [{ key, primary: entryText(row, block.primary, translate), ...(secondary ? { secondary } : {}), ...(chip ? { chip } : {}) }];
  });
}

export interface RecordPageModel {
  page: RecordPageDefinition;
  /** The record's call body; undefined while the context lacks what it needs. */
  loadBody: Values | undefined;
  /** The sources this user may call and whose bindings are complete, with their bodies. */
  sources: { source: Source; body: Values }[];
  /** The record's title line; undefined when the page's heading is the title. */
  header: (Header & { links: HeaderLink[] }) | undefined;
  /** Sections this user may see, by column. */
  main: RecordSectionDefinition[];
  side: RecordSectionDefinition[];
  /** The definition's rows are shown (and loaded) for this user. */
  showRows: boolean;
}

/** The record page of a definition for a user and a context; undefined when the definition has none. */
export function recordPageModel(definition: ScreenDefinition, capabilities: readonly Capability[], context: ScreenContext): RecordPageModel | undefined {
  const page = definition.recordPage;
  if (!page) return undefined;
  const sources = (page.sources ?? [])
    .filter((source) => meetsAccess(capabilities, source.requires))
    .map((source) => ({ source, body: recordCallBody(source, context) }))
    .filter((entry): entry is { source: Source; body: Values } => entry.body !== undefined);
  const called = new Set(sources.map((entry) => entry.source.as));
  const sections = page.sections.filter((section) => meetsAccess(capabilities, section.requires) && (!section.source || called.has(section.source)));
  return {
    page,
    loadBody: recordCallBody(page.load, context),
    sources,
    header: page.header && { ...page.header, links: (page.header.links ?? []).filter((link) => meetsAccess(capabilities, link.requires)) },
    main: sections.filter((section) => section.column !== 'side'),
    side: sections.filter((section) => section.column === 'side'),
    showRows: page.rows !== undefined && meetsAccess(capabilities, page.rows.requires) && recordCallBody(definition.dataSource, context) !== undefined,
  };
}

/** The header links shown for the loaded values, each with its route. */
export function headerLinks(model: RecordPageModel, values: Values, context: ScreenContext): { link: HeaderLink; to: string }[] {
  return (model.header?.links ?? []).flatMap((link) => {
    const to = recordConditionHolds(link.when, values) ? recordRoute(link.to, values, context) : undefined;
    return to ? [{ link, to }] : [];
  });
}
