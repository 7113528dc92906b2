/**
 * Row forms (a definition's rowForm): one row of a list the method stores whole, edited in a dialog. The values
 * the form opens with, what each field sends, what keeps the save waiting, the list sent with the row in its place
 * (added, or removed), and the preview's rows with the ones the edited row gives first. Pure: <RowFormDialog>
 * draws the dialog and makes the calls.
 */
import type { FlagsMatrixShape } from '../forms/flags-matrix';
import { applyBindings, setPath, type ScreenContext } from './bindings';
import { CAPABILITY_FLAGS } from './create-form';
import type { RowFormDefinition, RowFormFieldDefinition, TextRef } from './definition-schema';
import { readPath } from './layout-create';
import { recordConditionHolds } from './record-page';
import { kindLabel, type Translate } from './texts';

type Row = Record<string, unknown>;

/** What each field holds while the dialog is open: texts as typed; a select's chosen value (null: none). */
export type RowFormValues = Record<string, unknown>;

/** A select's choice: a value of the definition's options, or one the preview's rows offer (its label as an inline text). */
export interface RowFormOption {
  value: string | number;
  label: TextRef;
}

const typed = (field: RowFormFieldDefinition) => field.input === 'integer' || field.input === 'number';
const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A new row's counted value: the highest of the rows not `under` plus the step, kept below the lowest of those `under`. */
export function nextRowValue(form: RowFormDefinition, list: readonly Row[]): number | undefined {
  const next = form.nextValue;
  if (!next) return undefined;
  const numbers = (rows: readonly Row[]) => rows.map((row) => row[next.field]).filter((value): value is number => typeof value === 'number');
  const fixed = next.under ? numbers(list.filter((row) => recordConditionHolds(next.under, row))) : [];
  const others = numbers(next.under ? list.filter((row) => !recordConditionHolds(next.under, row)) : list);
  const value = (others.length ? Math.max(...others) : 0) + next.step;
  const ceiling = fixed.length ? Math.min(...fixed) : Infinity;
  return value < ceiling ? value : Math.max(0, ceiling - 1);
}

/** The value a field opens with from the row's. */
function openingValue(field: RowFormFieldDefinition, value: unknown, translate: Translate | undefined): unknown {
  switch (field.input) {
    case 'select':
      return value ?? null;
    case 'switch':
      return value === true;
    case 'checkList':
    case 'capabilities':
      return Array.isArray(value) ? value : [];
    default:
      // A stored value of a kind reads in the user's words (a seeded name).
      return field.valueKind && translate && typeof value === 'string' && value !== '' ? kindLabel(field.valueKind, value, translate) : textOf(value);
  }
}

/** The values the dialog opens with: the stored row's, or a new row's (newRow, its counted value). */
export function rowFormValues(form: RowFormDefinition, stored: Row | undefined, list: readonly Row[], translate?: Translate): RowFormValues {
  const counted = nextRowValue(form, list);
  const source: Row = stored ?? { ...form.newRow, ...(form.nextValue && counted !== undefined ? { [form.nextValue.field]: counted } : {}) };
  const values: RowFormValues = {};
  for (const field of form.fields) values[field.field] = openingValue(field, source[field.field], translate);
  return values;
}

/** Is a stored row opened read-only (its readOnlyWhen holds)? A new row never is. */
export const rowFormReadOnly = (form: RowFormDefinition, stored: Row | undefined) => stored !== undefined && form.readOnlyWhen !== undefined && recordConditionHolds(form.readOnlyWhen, stored);

/** A typed number: a comma is a decimal point; undefined when the text is no number (of the field's kind). */
function parsedNumber(field: RowFormFieldDefinition, text: string): number | undefined {
  const cleaned = text.trim().replace(',', '.');
  if (cleaned === '' || !/^[-+]?\d*\.?\d+$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return field.input === 'integer' && !Number.isInteger(value) ? undefined : value;
}

/** Is the field shown for these values (its shownWhen reads the row as it would be sent)? */
export const rowFieldShown = (field: RowFormFieldDefinition, row: Row) => recordConditionHolds(field.shownWhen, row);

/** Is the field read-only for this stored row? A new row never locks. */
export const rowFieldLocked = (field: RowFormFieldDefinition, stored: Row | undefined) => stored !== undefined && field.lockedWhen !== undefined && recordConditionHolds(field.lockedWhen, stored);

/** A check list's ticked values in the order offered (values not offered after them, as they were). */
function checkListValue(field: RowFormFieldDefinition, value: unknown): unknown {
  const ticked = Array.isArray(value) ? value : [];
  const offered = field.options?.map((option) => option.value);
  const ordered = offered ? [...offered.filter((entry) => ticked.includes(entry)), ...ticked.filter((entry) => !offered.includes(entry as string | number))] : ticked;
  return ordered.length === 0 && field.emptyAsNull ? null : ordered;
}

function wireValue(field: RowFormFieldDefinition, value: unknown): unknown {
  if (field.input === 'select') return value ?? null;
  if (field.input === 'switch') return value === true;
  if (field.input === 'checkList') return checkListValue(field, value);
  if (field.input === 'capabilities') return Array.isArray(value) ? value : [];
  const text = textOf(value);
  if (typed(field)) return parsedNumber(field, text) ?? null;
  // A required text is sent even empty: a preview is asked before the row is named.
  return text.trim() === '' && !field.required ? null : text.trim();
}

/**
 * The row as it is sent: the stored row's other values, then each field's value (a hidden one: whenHidden, else as
 * stored; a value of a kind left as it opened (`opened`): as stored, so one language's words do not become the name).
 */
export function rowFormRow(form: RowFormDefinition, values: RowFormValues, stored: Row | undefined, opened?: RowFormValues): Row {
  const row: Row = { ...(stored ?? form.newRow) };
  for (const field of form.fields) row[field.field] = wireValue(field, values[field.field]);
  for (const field of form.fields) {
    const unchanged = field.valueKind && stored && opened && textOf(values[field.field]).trim() === textOf(opened[field.field]).trim();
    if (unchanged && typeof stored[field.field] === 'string') row[field.field] = stored[field.field];
  }
  for (const field of form.fields) {
    if (rowFieldShown(field, row)) continue;
    row[field.field] = field.whenHidden !== undefined ? field.whenHidden : ((stored ?? form.newRow)[field.field] ?? null);
  }
  return row;
}

export interface RowFieldProblem {
  key: 'grids.edit.required' | 'grids.edit.notANumber' | 'grids.edit.tooSmall' | 'grids.edit.tooLong';
  values: Record<string, string | number>;
}

/** Why a shown field keeps the save waiting, by field (none: it may be saved). */
export function rowFormProblems(form: RowFormDefinition, values: RowFormValues): Record<string, RowFieldProblem> {
  const row = rowFormRow(form, values, undefined);
  const problems: Record<string, RowFieldProblem> = {};
  for (const field of form.fields) {
    if (!rowFieldShown(field, row)) continue;
    const value = values[field.field];
    if (field.input === 'switch' || field.input === 'capabilities') continue;
    if (field.input === 'checkList') {
      if (field.required && (!Array.isArray(value) || value.length === 0)) problems[field.field] = { key: 'grids.edit.required', values: {} };
      continue;
    }
    const text = textOf(value).trim();
    if (field.input === 'select' ? value === null || value === undefined : text === '') {
      if (field.required) problems[field.field] = { key: 'grids.edit.required', values: {} };
      continue;
    }
    if (typed(field)) {
      const number = parsedNumber(field, text);
      if (number === undefined) problems[field.field] = { key: 'grids.edit.notANumber', values: { value: text } };
      else if (field.min !== undefined && number < field.min) problems[field.field] = { key: 'grids.edit.tooSmall', values: { min: field.min } };
    } else if (field.maxLength !== undefined && text.length > field.maxLength) problems[field.field] = { key: 'grids.edit.tooLong', values: { maxLength: field.maxLength } };
  }
  return problems;
}

/** The list with the edited row in place of the stored one (matched by id), added at the end, or without it (edited undefined). */
export function listWithRow(list: readonly Row[], rowId: string, stored: Row | undefined, edited: Row | undefined): Row[] {
  const same = (row: Row) => stored !== undefined && row[rowId] === stored[rowId];
  if (!edited) return list.filter((row) => !same(row));
  return stored && list.some(same) ? list.map((row) => (same(row) ? edited : row)) : [...list, edited];
}

/** The body of the save or the preview: its bindings and every row as the method takes it (its id, the form's fields). */
export function rowListBody(call: { params?: RowFormDefinition['save']['params']; rowsParam?: string }, form: RowFormDefinition, rowId: string, rows: readonly Row[], context: ScreenContext): Row {
  const body = applyBindings({}, call.params, context);
  setPath(body, call.rowsParam ?? 'rows', rows.map((row) => sentRow(form, rowId, row)));
  return body;
}

/** A row as a method takes it: its id (when it has one) and the form's fields. */
function sentRow(form: RowFormDefinition, rowId: string, row: Row): Row {
  const sent: Row = {};
  if (row[rowId] !== null && row[rowId] !== undefined) sent[rowId] = row[rowId];
  for (const { field } of form.fields) sent[field] = row[field] ?? null;
  return sent;
}

/** A row stored alone (save.rowParam): the method and body for a new row (save.create) or a stored one. */
export function rowRecordCall(form: RowFormDefinition, rowId: string, row: Row, isNew: boolean, context: ScreenContext): { service: string; method: string; body: Row } {
  const call = isNew && form.save.create ? form.save.create : form.save;
  const body = applyBindings({}, call.params, context);
  setPath(body, form.save.rowParam ?? 'row', sentRow(form, rowId, row));
  return { service: call.service, method: call.method, body };
}

/** The body removing a stored row (remove.call): its params and the row's id. */
export function rowRemoveBody(call: NonNullable<NonNullable<RowFormDefinition['remove']>['call']>, rowId: string, stored: Row, context: ScreenContext): Row {
  const body = applyBindings({}, call.params, context);
  setPath(body, call.idParam, stored[rowId]);
  return body;
}

/** A conflict (a refusal the user may confirm), as the definition names it. */
export interface ConflictDefinition {
  status: number;
  confirmParam: string;
  countHeader?: string;
}

/**
 * What a refused call is sent again with once the user confirms (true, or the number its countHeader holds);
 * undefined when the refusal is not the conflict (a plain failure).
 */
export function conflictConfirmation(conflict: ConflictDefinition | undefined, error: unknown): { value: true | number; count?: number } | undefined {
  if (!conflict || typeof error !== 'object' || error === null || (error as { status?: unknown }).status !== conflict.status) return undefined;
  if (!conflict.countHeader) return { value: true };
  const headers = (error as { headers?: { get?: (name: string) => string | null } }).headers;
  const text = typeof headers?.get === 'function' ? headers.get(conflict.countHeader) : null;
  const count = text === null || text === '' ? NaN : Number(text);
  return Number.isFinite(count) ? { value: count, count } : undefined;
}

/** A check list's options from its optionsCall's answer (labels of a kind in the user's words), the ticked values it lacks kept as #value. */
export function rowFieldCallOptions(field: RowFormFieldDefinition, answer: unknown, ticked: unknown, translate: Translate): { value: string | number; label: string }[] {
  const source = field.optionsCall;
  if (!source) return [];
  const list = source.rowsPath ? readPath(answer, source.rowsPath) : answer;
  const rows = (Array.isArray(list) ? list : []).filter((row): row is Row => typeof row === 'object' && row !== null);
  const options = rows.flatMap((row) => {
    const value = row[source.valueField];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const label = textOf(row[source.labelField]);
    return [{ value, label: source.labelKind ? kindLabel(source.labelKind, label, translate) : label }];
  });
  const lacking = (Array.isArray(ticked) ? ticked : []).filter((value): value is string | number => !options.some((option) => option.value === value));
  return [...options, ...lacking.map((value) => ({ value, label: `#${String(value)}` }))];
}

/** The body of a check list's optionsCall: its params, and values of the opened row. */
export function rowFieldCallBody(field: RowFormFieldDefinition, stored: Row | undefined, context: ScreenContext): Row {
  const source = field.optionsCall!;
  const body = applyBindings({}, source.params, context);
  for (const [param, rowField] of Object.entries(source.rowParams ?? {})) {
    const value = stored?.[rowField];
    if (value !== undefined && value !== null) setPath(body, param, value);
  }
  return body;
}

const rowsAt = (answer: unknown, path: string): Row[] => {
  const rows = typeof answer === 'object' && answer !== null ? (answer as Row)[path] : undefined;
  return Array.isArray(rows) ? (rows.filter((row) => typeof row === 'object' && row !== null) as Row[]) : [];
};

/** The rows of the list's answer. */
export const listRowsOf = (form: RowFormDefinition, answer: unknown) => (form.list ? rowsAt(answer, form.list.rowsPath) : []);

/** A select's options (its own, or the distinct values the preview's rows hold, sorted by label) with the stored value kept offered. */
export function rowFieldOptions(field: RowFormFieldDefinition, preview: unknown, stored: Row | undefined): RowFormOption[] {
  if (field.options) return field.options;
  const source = field.optionsFrom;
  if (!source) return [];
  const found = new Map<string, RowFormOption>();
  const offer = (row: Row) => {
    const value = row[source.valueField];
    if (typeof value !== 'string' && typeof value !== 'number') return;
    const label = source.labelField ? row[source.labelField] : undefined;
    if (!found.has(String(value))) found.set(String(value), { value, label: { en: label === null || label === undefined ? String(value) : String(label) } });
  };
  rowsAt(preview, source.path).forEach(offer);
  if (stored) offer(stored);
  return [...found.values()].sort((a, b) => (a.label as { en: string }).en.localeCompare((b.label as { en: string }).en));
}

/** The field's help: the first helpWhen holding for the stored row, the chosen option's (optionHelp), else help. */
export function rowFieldHelp(field: RowFormFieldDefinition, stored: Row | undefined, values: RowFormValues): TextRef | undefined {
  const special = stored ? field.helpWhen?.find((entry) => recordConditionHolds(entry.when, stored)) : undefined;
  if (special) return special.text;
  const chosen = values[field.field];
  if (field.optionHelp && chosen !== null && chosen !== undefined && chosen !== '') return `${field.optionHelp}${String(chosen).replace(/[^A-Za-z]/g, '')}`;
  return field.help;
}

/** The unit after a number: a text, or a field of the list's answer (its currency); undefined for none. */
export function rowFieldSuffix(field: RowFormFieldDefinition, row: Row, listAnswer: unknown): { text: TextRef } | { value: string } | undefined {
  const suffix = field.suffix?.find((entry) => recordConditionHolds(entry.when, row));
  if (!suffix) return undefined;
  if (suffix.text) return { text: suffix.text };
  const value = suffix.listField && typeof listAnswer === 'object' && listAnswer !== null ? (listAnswer as Row)[suffix.listField] : undefined;
  return value === undefined || value === null ? undefined : { value: String(value) };
}

export interface PreviewModel {
  rows: { key: string; row: Row; marked: boolean }[];
  matched: number;
  total: number;
}

/** The preview's rows, those the edited row gives first (mark: the row's field equals the form's value), marked. */
export function previewModel(preview: NonNullable<RowFormDefinition['preview']>, answer: unknown, row: Row): PreviewModel {
  const rows = rowsAt(answer, preview.rowsPath);
  const mine = row[preview.mark.equalsField];
  const marked = (entry: Row) => mine !== null && mine !== undefined && entry[preview.mark.field] === mine;
  const keyOf = (entry: Row) => preview.rowKey.map((field) => String(entry[field] ?? '')).join('/');
  const ordered = [...rows.filter(marked), ...rows.filter((entry) => !marked(entry))];
  const matched = rows.filter(marked).length;
  return { rows: ordered.map((entry, index) => ({ key: `${keyOf(entry)}#${index}`, row: entry, marked: index < matched })), matched, total: rows.length };
}

/** A capabilities field as a flags matrix: a grant for all services (no ServiceName) holds for each one. */
export const CAPABILITY_MATRIX: FlagsMatrixShape = { keyFields: ['ObjectType', 'ServiceName', 'Value'], flags: CAPABILITY_FLAGS, wildcards: ['ServiceName'] };

type CapabilityKey = { ObjectType?: unknown; ServiceName?: unknown; Value?: unknown };

/** An object type in words (capabilityTypes.*), the constant itself when a newer server sends one without a name. */
export const objectTypeName = (translate: Translate, objectType: string) => {
  const key = `capabilityTypes.${objectType}`;
  const named = translate(key);
  return named === key || named === '' ? objectType : named;
};

const qualifiers = (entry: CapabilityKey) => [entry.ServiceName && `(${String(entry.ServiceName)})`, entry.Value && `[${String(entry.Value)}]`];

/** A capability entry's code: object type, then the service and qualifier it is limited to. */
export const capabilityEntryCode = (entry: CapabilityKey) => [textOf(entry.ObjectType), ...qualifiers(entry)].filter(Boolean).join(' ');

/** A capability entry for people (labels, screen readers): the object type in words, then the service and qualifier. */
export const capabilityEntryName = (translate: Translate, entry: CapabilityKey) => [objectTypeName(translate, textOf(entry.ObjectType)), ...qualifiers(entry)].filter(Boolean).join(' ');
