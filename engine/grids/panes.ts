/**
 * Panes (schema/panes.ts), pure: the context handed to the side and the main definition, the nodes
 * opened down to the current one, and the record's head — the way up, its name, its chips, its links
 * and the links a method's rows give (New <type> for each type allowed under the record's), and the values its
 * actions read (the record and its lookups' rows).
 */
import type { PanesDefinition, PanesHeadDefinition } from './definition-schema';
import type { ScreenContext } from './bindings';
import { fillRoute } from './cards';

type Row = Record<string, unknown>;
type LinksFrom = NonNullable<PanesHeadDefinition['linksFrom']>[number];
type Lookup = NonNullable<PanesHeadDefinition['lookups']>[number];

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A pane's context: each of its values taken from this screen's context (missing ones left out). */
export function paneContext(map: Readonly<Record<string, string>>, context: ScreenContext): ScreenContext {
  const values: Record<string, string | number> = {};
  for (const [name, from] of Object.entries(map)) {
    const value = context[from];
    if (value !== undefined && value !== '') values[name] = value;
  }
  return values;
}

/** The value at a dotted path of a record. */
export function valueAt(record: unknown, path: string): unknown {
  let node: unknown = record;
  for (const part of path.split('.')) node = isRow(node) ? node[part] : undefined;
  return node;
}

const listAt = (record: unknown, path: string): Row[] => {
  const list = valueAt(record, path);
  return Array.isArray(list) ? list.filter(isRow) : [];
};

/** The ids of the nodes opened down to the current one (the record's ancestors), as the tree names its nodes. */
export function openedNodes(side: PanesDefinition['side'], record: unknown): ReadonlySet<string> {
  if (!side.openPath) return new Set();
  const { path, idField } = side.openPath;
  return new Set(listAt(record, path).map((entry) => String(entry[idField] ?? '')).filter((id) => id !== ''));
}

/** The record's name: the first path with a value. */
export function headName(head: PanesHeadDefinition, record: unknown): string {
  for (const path of head.name.paths) {
    const value = valueAt(record, path);
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return '';
}

export interface TrailEntry {
  key: string;
  label: string;
  to: string;
}

/** The way up: each entry of the record's list as a link (root first); empty when the list is. */
export function headTrail(head: PanesHeadDefinition, record: unknown): TrailEntry[] {
  const trail = head.trail;
  if (!trail) return [];
  return listAt(record, trail.path).map((entry, index) => ({ key: `${index}-${fillRoute(trail.to, entry)}`, label: String(entry[trail.labelField] ?? ''), to: fillRoute(trail.to, entry) }));
}

export interface RecordHeadChip {
  field: string;
  value: string;
  color: string;
  valueKind?: NonNullable<PanesHeadDefinition['chips']>[number]['valueKind'];
  testId: string;
}

/** The chips shown: a value the chip hides (or none) shows no chip. */
export function recordHeadChips(head: PanesHeadDefinition, record: unknown): RecordHeadChip[] {
  return (head.chips ?? []).flatMap((chip) => {
    const raw = valueAt(record, chip.field);
    if (raw === undefined || raw === null || raw === '') return [];
    if ((chip.hiddenWhen ?? []).some((hidden) => String(hidden) === String(raw))) return [];
    const value = String(raw);
    return [{ field: chip.field, value, color: chip.colors?.[value] ?? chip.defaultColor ?? 'default', valueKind: chip.valueKind, testId: chip.testId ?? `head-chip-${chip.field}` }];
  });
}

/** A head link's route, `{Field}` of the record. */
export const headRoute = (to: string, record: unknown): string => fillRoute(to, isRow(record) ? record : {});

/** The rows of a linksFrom (or lookup) call's answer. */
export function linkRows(source: Pick<LinksFrom, 'rowsPath'>, answer: unknown): Row[] {
  const list = source.rowsPath ? valueAt(answer, source.rowsPath) : answer;
  return Array.isArray(list) ? list.filter(isRow) : [];
}

export interface RowLink {
  key: string;
  to: string;
  testId: string;
  values: Record<string, string>;
  /** The row's own text key (labelKey with its fields), when the definition names one. */
  labelKey?: string;
}

/** The links a method's rows give, in the answer's order: the rows every `where` test holds for. */
export function linksFromRows(source: LinksFrom, rows: readonly Row[], record: unknown): RowLink[] {
  const holds = (row: Row) =>
    (source.where ?? []).every((test) => {
      const value = row[test.field];
      if ('equals' in test) return value === test.equals;
      const wanted = valueAt(record, test.includesRecord);
      return Array.isArray(value) && wanted !== undefined && value.some((item) => item === wanted);
    });
  const base = isRow(record) ? record : {};
  return rows.filter(holds).map((row) => {
    const merged = { ...base, ...row };
    return {
      key: fillRoute(source.testId, row),
      to: fillRoute(source.to, merged),
      testId: fillRoute(source.testId, row),
      values: Object.fromEntries(Object.entries(source.labelValues ?? {}).map(([placeholder, field]) => [placeholder, String(row[field] ?? '')])),
      ...(source.labelKey ? { labelKey: fillRoute(source.labelKey, row) } : {}),
    };
  });
}

/** The key a lookup's rows are kept by beside the linksFrom calls' (whose ids are lower-case words too). */
export const lookupKey = (lookup: Lookup): string => `lookup:${lookup.as}`;

/**
 * The values a head's actions read: the record, and under each lookup's `as` the row of its answer that belongs
 * to the record (its `match.field` equals the record's `match.record`); left out while the rows are not read.
 */
export function headValues(head: PanesHeadDefinition, record: unknown, rows: ReadonlyMap<string, readonly Row[]>): Row {
  const values: Row = { ...(isRow(record) ? record : {}) };
  for (const lookup of head.lookups ?? []) {
    const wanted = values[lookup.match.record];
    const row = rows.get(lookupKey(lookup))?.find((entry) => wanted !== undefined && entry[lookup.match.field] === wanted);
    if (row) values[lookup.as] = row;
  }
  return values;
}
