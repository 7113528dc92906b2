/**
 * Rows edited as one list (a definition's listEditor): read from the data
 * source's answer, sent whole by the save and the preview, options of the
 * fields read from the same answer, texts of the run's confirmation.
 */
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { ListEditorDefinition, ListFieldDefinition, ScreenDefinition } from './definition-schema';
import type { SourceOption } from './option-source';

export type ListRow = Record<string, unknown> & { readonly key: string };

/** The rows of the loaded answer, each with a key of its own for the editor. */
export function listRows(definition: ScreenDefinition, answer: unknown, newKey: () => string): ListRow[] {
  const { paging } = definition.dataSource;
  const path = paging.mode === 'client' ? paging.rowsPath : undefined;
  const rows = path ? (answer as Record<string, unknown> | null)?.[path] : answer;
  return Array.isArray(rows) ? rows.map((row: Record<string, unknown>) => ({ ...row, key: newKey() })) : [];
}

/** One row as sent: its id when stored, and the editor's fields (an absent field as its new-row value). */
export function wireRow(editor: ListEditorDefinition, rowId: string, row: Record<string, unknown>): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  if (row[rowId] !== null && row[rowId] !== undefined) sent[rowId] = row[rowId];
  for (const { field } of editor.fields) sent[field] = row[field] ?? editor.newRow[field] ?? null;
  return sent;
}

/** The body of the save or the preview: the bound parameters and every row; extra (a confirmation) merged in. */
export function listCallBody(
  call: ListEditorDefinition['save'] | ListEditorDefinition['preview'],
  editor: ListEditorDefinition,
  rowId: string,
  rows: readonly Record<string, unknown>[],
  context: ScreenContext,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const body = applyBindings({}, call.params, context);
  setPath(body, call.rowsParam, rows.map((row) => wireRow(editor, rowId, row)));
  for (const [path, value] of Object.entries(extra)) setPath(body, path, value);
  return body;
}

/** A `many` field's options (objects) or a `tags` field's suggestions (texts), from the loaded answer. */
export function fieldOptions(field: ListFieldDefinition, answer: unknown): SourceOption[] {
  const list = field.optionsFrom ? (answer as Record<string, unknown> | null)?.[field.optionsFrom.path] : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown): SourceOption[] => {
    if (typeof entry === 'string' || typeof entry === 'number') return [{ value: entry, label: String(entry) }];
    const record = entry as Record<string, unknown> | null;
    const value = record?.[field.optionsFrom?.valueField ?? 'Id'];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const label = record?.[field.optionsFrom?.labelField ?? 'Name'];
    return [{ value, label: label === null || label === undefined ? String(value) : String(label) }];
  });
}

/** Typed tags: trimmed, blanks and repeats left out, in the order typed. */
export const cleanTags = (tags: readonly unknown[]): string[] => [...new Set(tags.map((tag) => String(tag).trim()).filter(Boolean))];

/** The values of the run's confirmation: the count, and each placeholder's context value. */
export function confirmValues(editor: ListEditorDefinition, context: ScreenContext, count: number): Record<string, string | number> {
  const values: Record<string, string | number> = { count };
  for (const [name, from] of Object.entries(editor.run.confirm.values ?? {})) values[name] = context[from] ?? '';
  return values;
}

/** A link's route with `{name}` replaced by the context value; undefined while one is missing. */
export function routeWithContext(to: string, context: ScreenContext): string | undefined {
  let missing = false;
  const path = to.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_all, name: string) => {
    const value = context[name];
    if (value === undefined || value === '') missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? undefined : path;
}
