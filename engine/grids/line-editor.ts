/**
 * Lines edited on a screen (a definition's `lineEditor`, e.g. a quote's
 * products), pure: a typed value checked by its column's editable rule and
 * kept as typed with the problem when refused; an option of the lookup
 * filling the line; cells shown only when their condition holds; computed
 * columns; groups with footers of the aggregate columns; and the entries the
 * screen sends, or none while a line is incomplete. The renderer
 * (renderers/grids/DefinedLines.tsx) holds the lines; this module decides.
 */
import type { Capability } from '../../contract/capabilities';
import { meetsAccess } from './access';
import { applyBindings, type ScreenContext } from './bindings';
import type { ColumnDefinition, EditRuleDefinition, LineCaptionPart, LineEditorDefinition, ScreenDefinition } from './definition-schema';
import { aggregateRow, computedColumns, parseEditValue, type AggregateKind, type EditProblem } from './editing';
import type { CompiledExpression } from './expressions';
import { formatMoney } from './format-value';
import { kindLabel, resolveText, type Translate } from './texts';

type Row = Record<string, unknown>;

/** One line as the screen holds it: its values and the cells whose typed text was refused. */
export interface EditorLine {
  key: number;
  values: Row;
  refused?: Record<string, { text: string; problem: EditProblem }>;
}

export interface LineEditorModel {
  definition: LineEditorDefinition;
  columns: readonly ColumnDefinition[];
  rules: ReadonlyMap<string, EditRuleDefinition>;
  computed: readonly { field: string; expression: CompiledExpression }[];
  /** Whether the caller may change the lines (lineEditor.requires). */
  mayEdit: boolean;
}

export function lineEditorModel(definition: ScreenDefinition, capabilities: readonly Capability[]): LineEditorModel | undefined {
  const lines = definition.lineEditor;
  if (!lines) return undefined;
  const rules = new Map(definition.columns.flatMap((column) => (column.editable ? [[column.field, column.editable] as const] : [])));
  return { definition: lines, columns: definition.columns, rules, computed: computedColumns(definition.columns), mayEdit: meetsAccess(capabilities, lines.requires) };
}

/** Whether a line's cell is shown (and so checked and sent): its shownWhen condition, if any, holds. */
export function cellShown(model: LineEditorModel, values: Row, field: string): boolean {
  const condition = model.definition.shownWhen?.[field];
  return !condition || condition.in.some((wanted) => wanted === values[condition.field]);
}

/** A new line: the definition's newLine values, filled from the chosen option when there is one. */
export function newLine(model: LineEditorModel, key: number, option?: Row): EditorLine {
  const line: EditorLine = { key, values: { ...model.definition.newLine } };
  return option ? chooseOption(model, line, option) : line;
}

/** Lines from stored rows (e.g. a loaded quote's products). */
export const linesFromRows = (rows: readonly Row[], nextKey: () => number): EditorLine[] => rows.map((row) => ({ key: nextKey(), values: { ...row } }));

/** The line after the lookup's option (or none) was chosen: the value and the fields the option fills. */
export function chooseOption(model: LineEditorModel, line: EditorLine, option: Row | null): EditorLine {
  const { lookup } = model.definition;
  const values: Row = { ...line.values, [lookup.field]: option ? option[lookup.valueField] ?? null : null };
  for (const [field, from] of Object.entries(lookup.fill ?? {})) values[field] = option ? option[from] ?? null : null;
  const refused = { ...line.refused };
  for (const field of [lookup.field, ...Object.keys(lookup.fill ?? {})]) delete refused[field];
  return { key: line.key, values, ...(Object.keys(refused).length > 0 ? { refused } : {}) };
}

/** The line after `typed` went into `field`: the parsed value, or the typed text kept with its problem. */
export function typeInLine(model: LineEditorModel, line: EditorLine, field: string, typed: string): EditorLine {
  const rule = model.rules.get(field);
  if (!rule) return line;
  const parsed = parseEditValue(rule, typed);
  const { [field]: _dropped, ...refused } = line.refused ?? {};
  const values = { ...line.values };
  if ('problem' in parsed) refused[field] = { text: typed, problem: parsed.problem };
  else values[field] = parsed.value;
  return { key: line.key, values, ...(Object.keys(refused).length > 0 ? { refused } : {}) };
}

/** What a cell shows while editing: the refused text, or the value. */
export function typedText(line: EditorLine, field: string): string {
  const refused = line.refused?.[field];
  if (refused) return refused.text;
  const value = line.values[field];
  return value === null || value === undefined ? '' : String(value);
}

/** The refused cells a user sees (hidden cells do not count). */
export function lineProblems(model: LineEditorModel, line: EditorLine): Record<string, EditProblem> {
  const problems: Record<string, EditProblem> = {};
  for (const [field, refused] of Object.entries(line.refused ?? {})) if (cellShown(model, line.values, field)) problems[field] = refused.problem;
  return problems;
}

/** Whether a line has its lookup value (a line still being chosen is not sent and not marked). */
export const lineChosen = (model: LineEditorModel, line: EditorLine) => {
  const value = line.values[model.definition.lookup.field];
  return value !== null && value !== undefined && value !== '';
};

/** The line as shown: context fields, hidden cells emptied, computed columns evaluated (in column order). */
export function shownLine(model: LineEditorModel, line: EditorLine, context: ScreenContext): Row {
  const shown: Row = { ...line.values };
  for (const [field, name] of Object.entries(model.definition.contextFields ?? {})) shown[field] = context[name] ?? null;
  for (const field of Object.keys(model.definition.shownWhen ?? {})) if (!cellShown(model, shown, field)) shown[field] = null;
  for (const { field, expression } of model.computed) shown[field] = expression.evaluate((name) => shown[name]);
  return shown;
}

/** A value of the entry template: "$Field" is the line's field; arrays and objects are filled in recursively. */
function fill(template: unknown, row: Row): unknown {
  if (typeof template === 'string' && template.startsWith('$')) return row[template.slice(1)] ?? null;
  if (Array.isArray(template)) return template.map((item) => fill(item, row));
  if (template && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fill(value, row)]));
  return template;
}

/** The entries the screen sends; undefined while a line lacks its lookup value or holds a refused cell. */
export function lineEntries(model: LineEditorModel, lines: readonly EditorLine[], context: ScreenContext): Row[] | undefined {
  const entries: Row[] = [];
  for (const line of lines) {
    if (!lineChosen(model, line) || Object.keys(lineProblems(model, line)).length > 0) return undefined;
    entries.push(fill(model.definition.entry, shownLine(model, line, context)) as Row);
  }
  return entries;
}

export interface LineGroup {
  /** The group's value of groupBy.field (null: lines without one); undefined when the definition does not group. */
  value: unknown;
  /** Indexes of its lines, in the order they were added. */
  indexes: number[];
  /** Its footer: the aggregate columns over its shown lines; undefined without aggregate columns. */
  footer: Row | undefined;
}

/** The lines in groups (in the order each group first appears), each with its footer; one group when the definition does not group. */
export function lineGroups(model: LineEditorModel, shown: readonly Row[]): LineGroup[] {
  const by = model.definition.groupBy?.field;
  const groups = new Map<string, LineGroup>();
  shown.forEach((row, index) => {
    const value = by ? (row[by] ?? null) : undefined;
    const id = JSON.stringify(value ?? null);
    const group = groups.get(id) ?? { value, indexes: [], footer: undefined };
    group.indexes.push(index);
    groups.set(id, group);
  });
  const aggregated = model.columns.map((column) => ({ field: column.field, aggregate: column.aggregate as AggregateKind | undefined, decimals: column.editable?.decimals ?? (column.type === 'money' ? 2 : undefined) }));
  // A money footer is in its lines' currency: the footer takes the currency field of the group's first line.
  const currencyFields = model.columns.flatMap((column) => (column.aggregate && column.currencyField ? [column.currencyField] : []));
  return [...groups.values()].map((group) => {
    const footer = aggregateRow(aggregated, group.indexes.map((index) => shown[index]));
    for (const field of currencyFields) if (footer) footer[field] = shown[group.indexes[0]][field];
    return { ...group, footer };
  });
}

/** The body of the lookup call, or undefined while one of its context values is missing (nothing to look up yet). */
export function lookupBody(params: LineEditorDefinition['lookup']['params'], context: ScreenContext): Record<string, unknown> | undefined {
  try {
    const body: Record<string, unknown> = {};
    applyBindings(body, params, context);
    return body;
  } catch {
    return undefined;
  }
}

/** The rows of a lookup or suggestions result: at rowsPath, or the result itself; [] when it is not a list. */
export function optionRows(result: unknown, rowsPath: string | undefined): Row[] {
  const rows = rowsPath ? (result as Row | null)?.[rowsPath] : result;
  return Array.isArray(rows) ? rows.filter((row): row is Row => typeof row === 'object' && row !== null) : [];
}

/** A caption (parts joined with ·) of a line or an option in the locale; parts with nothing to say are left out. */
export function captionText(parts: readonly LineCaptionPart[] | undefined, row: Row, translate: Translate, locale: string): string {
  return (parts ?? [])
    .flatMap((part) => {
      const value = row[part.field];
      if (value === null || value === undefined || value === '' || (part.skipEmpty && (value === 0 || value === false))) return [];
      const extra = Object.fromEntries(Object.entries(part.values ?? {}).map(([name, field]) => [name, String(row[field] ?? '')]));
      let shown: string;
      if (part.type === 'money') shown = formatMoney(value, String(row[part.currencyField ?? ''] ?? ''), locale);
      else if (part.valueKind) shown = kindLabel(part.valueKind, String(value), translate);
      else if (part.labelPrefix) {
        const key = `${part.labelPrefix}${String(value).replace(/[^A-Za-z0-9-]/g, '')}`;
        const text = translate(key, extra);
        shown = text === key ? String(value) : text;
      } else shown = String(value);
      return [part.text ? resolveText(part.text, translate, locale, { ...extra, value: shown, amount: shown }) : shown];
    })
    .join(' · ');
}
