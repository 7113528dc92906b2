/**
 * Record editors (issue 33): a definition's `recordEditor` turned into what a
 * renderer needs — the form's values from the record, each field's problem,
 * the body a save sends, the bodies of the actions' calls, the texts with
 * values of the record, and which actions and notices show. Pure: no React.
 */
import type { Capability } from '../../contract/capabilities';
import { formatDate, formatDateTime, type Formatting } from '../../contract/formatting';
import { meetsAccess } from './access';
import { applyBindings } from './bindings';
import type {
  EditorActionDefinition,
  EditorFieldDefinition,
  EditorNoticeDefinition,
  RecordConditionDefinition,
  RecordEditorDefinition,
  ScreenDefinition,
} from './definition-schema';
import { recordConditionHolds, valueAt } from './record-page';
import type { Translate } from './texts';

type Values = Record<string, unknown>;
export type EditorTextParts = { values?: Record<string, EditorTextValue>; texts?: Record<string, unknown> };
type EditorTextValue = string | { field: string; format: 'text' | 'date' | 'dateTime' | 'count' | 'list'; prefix?: string; labelPrefix?: string };

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Do all the conditions hold? None always hold. */
export const editorConditionsHold = (conditions: readonly RecordConditionDefinition[] | undefined, values: Values): boolean =>
  (conditions ?? []).every((condition) => recordConditionHolds(condition, values));

/** The value at a dotted path, where a number picks an entry of a list (Order.ProductAccountIds.0). */
export function editorValueAt(values: unknown, path: string): unknown {
  let node = values;
  for (const part of path.split('.')) {
    if (Array.isArray(node) && /^\d+$/.test(part)) node = node[Number(part)];
    else if (typeof node === 'object' && node !== null && !Array.isArray(node)) node = (node as Values)[part];
    else return undefined;
  }
  return node;
}

/** Sets a value at a dotted path of a body, making the objects on the way. */
export function setAt(body: Values, path: string, value: unknown): Values {
  const parts = path.split('.');
  let node = body;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Values;
  }
  node[parts[parts.length - 1]] = value;
  return body;
}

/** The values a text names, formatted for the locale; texts of its own translated. */
export function editorTextValues(parts: EditorTextParts, values: Values, formatting: Formatting, translate: Translate, resolve: (text: unknown) => string): Record<string, string | number> {
  const named: Record<string, string | number> = {};
  for (const [name, ref] of Object.entries(parts.values ?? {})) {
    const spec = typeof ref === 'string' ? { field: ref, format: 'text' as const } : ref;
    const value = editorValueAt(values, spec.field);
    switch (spec.format) {
      case 'date':
        named[name] = isEmpty(value) ? '' : formatDate(`${String(value).slice(0, 10)}T12:00:00Z`, formatting, 'long');
        break;
      case 'dateTime':
        named[name] = isEmpty(value) ? '' : formatDateTime(String(value), formatting);
        break;
      case 'count':
        named[name] = Array.isArray(value) ? value.length : 0;
        break;
      case 'list':
        named[name] = Array.isArray(value) ? value.map((entry) => `${spec.prefix ?? ''}${String(entry)}`).join(', ') : '';
        break;
      default:
        named[name] = isEmpty(value) ? '' : spec.labelPrefix ? translate(`${spec.labelPrefix}${String(value)}`) : typeof value === 'number' ? value : String(value);
    }
  }
  for (const [name, text] of Object.entries(parts.texts ?? {})) named[name] = resolve(text);
  return named;
}

/** A route or file name with `{Path}` filled from the record; undefined while one is missing. */
export function fillPath(template: string, values: Values): string | undefined {
  let missing = false;
  const filled = template.replace(/\{([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\}/g, (_all, path: string) => {
    const value = editorValueAt(values, path);
    if (isEmpty(value)) missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? undefined : filled;
}

/** Today as YYYY-MM-DD. */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** The value a field opens with: the record's, else its default. */
export function fieldStartValue(field: EditorFieldDefinition, record: Values | undefined): unknown {
  const stored = record ? valueAt(record, field.field) : undefined;
  if (stored !== undefined && stored !== null) return stored;
  if (field.default === 'today' && field.input === 'date') return today();
  if (field.default !== undefined) return field.default;
  return field.input === 'select' || field.input === 'lookup' || field.input === 'file' ? null : '';
}

/** The form's values from the record (its other values kept, so texts and conditions read them). */
export function editorFormValues(fields: readonly EditorFieldDefinition[], record: Values | undefined): Values {
  const values: Values = { ...(record ?? {}) };
  for (const field of fields) setAt(values, field.field, fieldStartValue(field, record));
  return values;
}

export type FieldProblem = 'required' | 'pattern' | 'file';

/** What keeps a field's value from being sent; undefined when it may be. */
export function editorFieldProblem(field: EditorFieldDefinition, value: unknown): FieldProblem | undefined {
  if (field.input === 'file') {
    if (value instanceof Object && 'name' in value && field.accept && !acceptsFile(field.accept, String((value as { name: unknown }).name))) return 'file';
    return field.required && isEmpty(value) ? 'required' : undefined;
  }
  const text = typeof value === 'string' ? value.trim() : value;
  if (isEmpty(text)) return field.required ? 'required' : undefined;
  if (field.pattern && typeof text === 'string' && !new RegExp(field.pattern).test(text)) return 'pattern';
  return undefined;
}

/** Is the file's name one of the extensions? */
export function acceptsFile(extensions: readonly string[], name: string): boolean {
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  return extensions.includes(extension);
}

/** A field's value as it is sent: texts trimmed, empty as null. */
export function sentValue(field: EditorFieldDefinition, value: unknown): unknown {
  const text = typeof value === 'string' ? value.trim() : value;
  return isEmpty(text) ? null : text;
}

/** The fields' values as a body ({field path: sent value}); undefined while one has a problem. */
export function editorFieldsBody(fields: readonly EditorFieldDefinition[], values: Values): Values | undefined {
  const body: Values = {};
  for (const field of fields) {
    const value = editorValueAt(values, field.field);
    if (editorFieldProblem(field, value)) return undefined;
    setAt(body, field.field, sentValue(field, value));
  }
  return body;
}

/** The values a lookup's option sets: its value, its label and the filled fields (each only when it fits the field's pattern). */
export function lookupChoice(field: EditorFieldDefinition, fields: readonly EditorFieldDefinition[], option: Values | null, values: Values): Values {
  const next = { ...values };
  const from = field.optionsFrom;
  setAt(next, field.field, option && from ? (valueAt(option, from.valueField) ?? null) : null);
  if (field.labelAs) setAt(next, field.labelAs, option && from ? (valueAt(option, from.labelField) ?? null) : null);
  for (const [target, source] of Object.entries(field.fill ?? {})) {
    const targetField = fields.find((entry) => entry.field === target);
    const offered = option ? valueAt(option, source) : undefined;
    const fits = !isEmpty(offered) && (!targetField?.pattern || new RegExp(targetField.pattern).test(String(offered)));
    if (fits) setAt(next, target, offered);
    else if (isEmpty(editorValueAt(next, target)) && targetField?.fallback !== undefined) setAt(next, target, targetField.fallback);
  }
  return next;
}

/** The body of an action's call: the record's values its recordParams name, its constants, and the form's values. */
export function editorActionBody(action: Pick<EditorActionDefinition, 'recordParams' | 'params'>, record: Values, formBody: Values | undefined): Values {
  const body = applyBindings({}, action.params, {});
  for (const [param, path] of Object.entries(action.recordParams ?? {})) {
    if (param.endsWith('[]')) setAt(body, param.slice(0, -2), [editorValueAt(record, path)]);
    else setAt(body, param, editorValueAt(record, path));
  }
  for (const [path, value] of Object.entries(flatten(formBody ?? {}))) setAt(body, path, value);
  return body;
}

function flatten(values: Values, prefix = ''): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && !('FileName' in value)) Object.assign(out, flatten(value as Values, path));
    else out[path] = value;
  }
  return out;
}

export type EditorEntry = { action: EditorActionDefinition } | { notice: EditorNoticeDefinition };

/** The actions and notices beside the form that show for this user, the record's values and whether it is editable. */
export function editorEntries(editor: RecordEditorDefinition, capabilities: readonly Capability[], values: Values, editable: boolean): EditorEntry[] {
  return editor.actions.flatMap((entry): EditorEntry[] => {
    if (!editorConditionsHold(entry.when, values)) return [];
    if (entry.kind === 'notice') return [{ notice: entry }];
    if (entry.editable !== undefined && entry.editable !== editable) return [];
    if (entry.requires && !meetsAccess(capabilities, entry.requires)) return [];
    return [{ action: entry }];
  });
}

/** The record editor of a definition, or undefined. */
export const recordEditorOf = (definition: ScreenDefinition): RecordEditorDefinition | undefined => definition.recordEditor;
