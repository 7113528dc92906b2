/**
 * One record edited as a form (a definition's recordForm): who may change it,
 * the values sent, what stops the save, and whether edits are pending.
 */
import type { Capability } from '../../contract/capabilities';
import { meetsAccess } from './access';
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { RecordFormDefinition, RecordFormFieldDefinition } from './definition-schema';

export type RecordValues = Readonly<Record<string, unknown>>;

/** Any record with `requires`; the user's own (the `own` context value is their id) with `own.requires`. */
export function mayChangeRecord(form: RecordFormDefinition, capabilities: readonly Capability[], context: ScreenContext, userId: number | string | undefined): boolean {
  if (meetsAccess(capabilities, form.requires)) return true;
  const own = form.own;
  if (!own || userId === undefined || context[own.context] === undefined) return false;
  return String(context[own.context]) === String(userId) && meetsAccess(capabilities, own.requires);
}

/** The record's form fields as edited: a switch true or false, a check list the ticked options in their order. */
export function recordFormValues(form: RecordFormDefinition, record: RecordValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of form.fields) {
    const value = record[field.field];
    if (field.input === 'switch') values[field.field] = value === true;
    else if (field.input === 'rows') values[field.field] = Array.isArray(value) ? value.map((row) => ({ ...(row as Record<string, unknown>) })) : [];
    else {
      const ticked = Array.isArray(value) ? value.map(String) : [];
      values[field.field] = (field.options ?? []).map((option) => option.value).filter((option) => ticked.includes(option));
    }
  }
  return values;
}

/** A check list's value with one option ticked or not, in the order of the options. */
export function toggleOption(form: RecordFormDefinition, fieldName: string, values: RecordValues, option: string, on: boolean): string[] {
  const field = form.fields.find((entry) => entry.field === fieldName);
  const current = Array.isArray(values[fieldName]) ? (values[fieldName] as string[]) : [];
  return (field?.options ?? []).map((entry) => entry.value).filter((value) => (value === option ? on : current.includes(value)));
}

/** Whether a row of a `rows` field lacks a required text (empty or blank). */
export function rowIncomplete(field: RecordFormFieldDefinition, row: RecordValues): boolean {
  return (field.rows?.fields ?? []).some((entry) => entry.required && String(row[entry.field] ?? '').trim() === '');
}

/** The fields that stop the save: a required check list with nothing ticked, rows with a required text missing. */
export function recordFormProblems(form: RecordFormDefinition, values: RecordValues): string[] {
  return form.fields
    .filter((field) => {
      const value = values[field.field];
      if (field.input === 'checkList') return Boolean(field.required) && !(Array.isArray(value) && value.length > 0);
      if (field.input === 'rows') return Array.isArray(value) && value.some((row) => rowIncomplete(field, row as RecordValues));
      return false;
    })
    .map((field) => field.field);
}

/** A `rows` field's list with one row added (its `newRow`), changed or removed. */
export function editRows(field: RecordFormFieldDefinition, rows: readonly RecordValues[], change: { add: true } | { at: number; set: RecordValues } | { at: number; remove: true }): RecordValues[] {
  if ('add' in change) return [...rows, { ...(field.rows?.newRow ?? {}) }];
  if ('remove' in change) return rows.filter((_row, index) => index !== change.at);
  return rows.map((row, index) => (index === change.at ? { ...row, ...change.set } : row));
}

/** Do the edited values differ from the record's? */
export function recordFormDirty(form: RecordFormDefinition, record: RecordValues, values: RecordValues): boolean {
  const stored = recordFormValues(form, record);
  return form.fields.some((field) => JSON.stringify(stored[field.field]) !== JSON.stringify(values[field.field]));
}

/** The save's body: its bound parameters and the record (the loaded one with the edited fields). */
export function recordFormBody(form: RecordFormDefinition, record: RecordValues, values: RecordValues, context: ScreenContext): Record<string, unknown> {
  const body = applyBindings({}, form.save.params, context);
  setPath(body, form.save.recordParam, { ...record, ...recordFormValues(form, values) });
  return body;
}
