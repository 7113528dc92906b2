/**
 * Editable grids, pure: a typed value checked against its column's rules
 * (kept as typed with the problem when refused), bulk edits with parameters,
 * computed columns, footer aggregates, and the save calls built from the
 * definition's param mapping. The renderer (renderers/grids/use-grid-edits.ts)
 * holds the edits; this module decides what they mean.
 */
import type { Capability } from '../../contract/capabilities';
import { formatNumber, parseNumber as parseTypedNumber } from '../../contract/formatting';
import { meetsAccess } from './access';
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { ColumnDefinition, EditingDefinition, EditRuleDefinition, ScreenDefinition, TextRef } from './definition-schema';
import { compileExpression, roundTo, type CompiledExpression } from './expressions';

type Row = Record<string, unknown>;

/** Why a typed value is refused. */
export type EditProblem = 'required' | 'notANumber' | 'tooSmall' | 'tooLarge' | 'notAnOption' | 'tooLong';

export interface RowEdit {
  /** Edited fields → their new values. */
  values: Record<string, unknown>;
  /** Fields whose typed text was refused → the text and why (a client rule, or the server's reason). */
  refused?: Record<string, { text: string; problem?: EditProblem; reason?: string }>;
  /** A whole-row change named by the definition (e.g. remove, priced by rule) instead of field values. */
  mark?: string;
}

export type EditParse = { value: unknown } | { problem: EditProblem };

/** A typed value against a column's rules: the value to keep, or the problem. Numbers: decimal comma or point, grouped thousands ("1.234,5", "1 234,5"). */
export function parseEditValue(rule: EditRuleDefinition, typed: unknown): EditParse {
  const text = typeof typed === 'number' ? String(typed) : String(typed ?? '').trim();
  if (text === '') return rule.required === false ? { value: null } : { problem: 'required' };
  if (rule.input === 'number') {
    const value = typeof typed === 'number' ? typed : parseTypedNumber(text);
    if (value === undefined || !Number.isFinite(value)) return { problem: 'notANumber' };
    if (rule.min !== undefined && value < rule.min) return { problem: 'tooSmall' };
    if (rule.max !== undefined && value > rule.max) return { problem: 'tooLarge' };
    return { value: rule.decimals === undefined ? value : roundTo(value, rule.decimals) };
  }
  if (rule.input === 'select') return rule.options?.includes(text) ? { value: text } : { problem: 'notAnOption' };
  if (rule.maxLength !== undefined && text.length > rule.maxLength) return { problem: 'tooLong' };
  return { value: text };
}

const DEFAULT_PROBLEM_KEYS: Record<EditProblem, string> = {
  required: 'grids.edit.required',
  notANumber: 'grids.edit.notANumber',
  tooSmall: 'grids.edit.tooSmall',
  tooLarge: 'grids.edit.tooLarge',
  notAnOption: 'grids.edit.notAnOption',
  tooLong: 'grids.edit.tooLong',
};

/** The text key (or inline text) of a problem: the column's own message, or the general one. */
export const problemText = (rule: EditRuleDefinition, problem: EditProblem): TextRef => rule.messages?.[problem] ?? DEFAULT_PROBLEM_KEYS[problem];

/** Values a problem text may name: what was typed and the limits. */
export function problemValues(rule: EditRuleDefinition, typed: string, locale: string): Record<string, string | number> {
  return { value: typed, min: formatNumber(rule.min, { locale }), max: formatNumber(rule.max, { locale }), maxLength: rule.maxLength ?? '' };
}

/** The row edit after `typed` went into `field`: the value (dropping any mark), or the refused text beside the other edits. */
export function typedEdit(current: RowEdit | undefined, field: string, rule: EditRuleDefinition, typed: unknown): RowEdit {
  const parsed = parseEditValue(rule, typed);
  const { [field]: _dropped, ...otherRefused } = current?.refused ?? {};
  const next: RowEdit = { values: { ...(current?.values ?? {}) } };
  if ('problem' in parsed) otherRefused[field] = { text: String(typed ?? ''), problem: parsed.problem };
  else next.values[field] = parsed.value;
  if (Object.keys(otherRefused).length > 0) next.refused = otherRefused;
  return next;
}

/** The edit with the server's refusal of a field kept in the cell. */
export function refusedByServer(current: RowEdit | undefined, field: string, text: string, reason: string): RowEdit {
  const values = { ...(current?.values ?? {}) };
  delete values[field];
  return { ...current, values, refused: { ...(current?.refused ?? {}), [field]: { text, reason } } };
}

/** The edit without one refused cell; undefined when nothing is left. */
export function revertRefusedField(current: RowEdit, field: string): RowEdit | undefined {
  const { [field]: _dropped, ...refused } = current.refused ?? {};
  const next: RowEdit = { ...current, refused: Object.keys(refused).length > 0 ? refused : undefined };
  if (!next.refused) delete next.refused;
  return Object.keys(next.values).length > 0 || next.refused || next.mark ? next : undefined;
}

export const isEmptyEdit = (edit: RowEdit) => Object.keys(edit.values).length === 0 && !edit.refused && !edit.mark;

/** Computed columns of a definition, compiled once. */
export function computedColumns(columns: readonly Pick<ColumnDefinition, 'field' | 'compute'>[]): { field: string; expression: CompiledExpression }[] {
  return columns.flatMap((column) => (column.compute ? [{ field: column.field, expression: compileExpression(column.compute) }] : []));
}

/** The row as it will be: edited values over the loaded ones, computed columns evaluated after (in column order). */
export function shownRow(row: Row, edit: RowEdit | undefined, computed: readonly { field: string; expression: CompiledExpression }[]): Row {
  if (!edit && computed.length === 0) return row;
  const shown: Row = edit ? { ...row, ...edit.values } : { ...row };
  for (const { field, expression } of computed) shown[field] = expression.evaluate((name) => shown[name]);
  return shown;
}

/** A bulk edit on one row: the mark alone, or each `set` expression over the shown row and the form's parameters. */
export function bulkEdited(
  row: Row,
  current: RowEdit | undefined,
  bulk: NonNullable<EditingDefinition['bulk']>[number],
  params: Record<string, unknown>,
  rules: ReadonlyMap<string, EditRuleDefinition>,
  computed: readonly { field: string; expression: CompiledExpression }[],
): RowEdit {
  if (bulk.mark) return { values: {}, mark: bulk.mark };
  const shown = shownRow(row, current, computed);
  const next: RowEdit = { values: { ...(current?.values ?? {}) }, refused: current?.refused };
  for (const [field, source] of Object.entries(bulk.set ?? {})) {
    const value = compileExpression(source).evaluate((name) => (/^[a-z]/.test(name) ? params[name] : shown[name]));
    const rule = rules.get(field);
    const parsed = rule ? parseEditValue(rule, value) : { value };
    if ('value' in parsed) {
      next.values[field] = parsed.value;
      if (next.refused) delete next.refused[field];
    }
  }
  if (next.refused && Object.keys(next.refused).length === 0) delete next.refused;
  return next;
}

/** A value of a save template: "$Field" is the row's (edited) field; arrays and objects are filled in recursively. */
function fillTemplate(template: unknown, row: Row): unknown {
  if (typeof template === 'string' && template.startsWith('$')) return row[template.slice(1)] ?? null;
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, row));
  if (template && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillTemplate(value, row)]));
  return template;
}

/** The bodies of the save calls: one entry per edited row (its mark's template or the default), grouped and split as the definition says. */
export function saveBodies(editing: EditingDefinition, rows: ReadonlyMap<string, Row>, edits: ReadonlyMap<string, RowEdit>, computed: readonly { field: string; expression: CompiledExpression }[], context: ScreenContext): Record<string, unknown>[] {
  const { save } = editing;
  const groups = new Map<string, { key: unknown; entries: unknown[] }>();
  for (const [rowId, edit] of edits) {
    const row = rows.get(rowId);
    if (!row || edit.refused || isEmptyEdit(edit)) continue;
    const shown = shownRow(row, edit, computed);
    const template = (edit.mark && editing.marks?.find((mark) => mark.id === edit.mark)?.entry) ?? save.entry;
    const key = save.groupBy ? row[save.groupBy.field] : '';
    const group = groups.get(String(key)) ?? { key, entries: [] };
    group.entries.push(fillTemplate(template, shown));
    groups.set(String(key), group);
  }
  const perCall = save.maxPerCall ?? 1000;
  const bodies: Record<string, unknown>[] = [];
  for (const { key, entries } of groups.values()) {
    for (let start = 0; start < entries.length; start += perCall) {
      const body: Record<string, unknown> = {};
      applyBindings(body, save.params, context);
      if (save.groupBy) setPath(body, save.groupBy.param, key);
      setPath(body, save.listParam, entries.slice(start, start + perCall));
      bodies.push(body);
    }
  }
  return bodies;
}

export type AggregateKind = 'sum' | 'avg' | 'count' | 'min' | 'max';

/** Footer values over the given rows (the loaded ones, as shown); sums and averages round to the column's decimals when it has them. */
export function aggregateRow(columns: readonly { field: string; aggregate?: AggregateKind; decimals?: number }[], rows: readonly Row[]): Row | undefined {
  const aggregated = columns.filter((column) => column.aggregate);
  if (aggregated.length === 0) return undefined;
  const footer: Row = {};
  for (const { field, aggregate, decimals } of aggregated) {
    const numbers = rows.map((row) => row[field]).filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
    let value: number | null;
    if (aggregate === 'count') value = rows.filter((row) => row[field] !== null && row[field] !== undefined && row[field] !== '').length;
    else if (numbers.length === 0) value = null;
    else if (aggregate === 'sum') value = numbers.reduce((a, b) => a + b, 0);
    else if (aggregate === 'avg') value = numbers.reduce((a, b) => a + b, 0) / numbers.length;
    else if (aggregate === 'min') value = Math.min(...numbers);
    else value = Math.max(...numbers);
    footer[field] = value !== null && decimals !== undefined && aggregate !== 'count' ? roundTo(value, decimals) : value;
  }
  return footer;
}

export interface EditingModel {
  definition: EditingDefinition;
  rules: ReadonlyMap<string, EditRuleDefinition>;
  computed: { field: string; expression: CompiledExpression }[];
}

/** The editing part of a grid model: undefined when the definition has none or the user may not edit. */
export function buildEditingModel(definition: ScreenDefinition, capabilities: readonly Capability[]): EditingModel | undefined {
  const editing = definition.editing;
  if (!editing || !meetsAccess(capabilities, editing.requires)) return undefined;
  const rules = new Map(definition.columns.flatMap((column) => (column.editable ? [[column.field, column.editable] as const] : [])));
  return { definition: editing, rules, computed: computedColumns(definition.columns) };
}
