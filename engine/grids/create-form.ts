/**
 * Create forms and secrets shown once (api-tokens.json, webhooks.json): the
 * values a form opens with, whether it may be sent, the body of its call, the
 * capability flags the signed-in user may give away, and the secret read from
 * an answer. Pure: the renderer draws the form and calls the method.
 */
import type { Capability } from '../../contract/capabilities';
import { parseNumber } from '../../contract/formatting';
import { meetsAccess } from './access';
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { CreateFormDefinition, FormFieldDefinition, ShownOnceDefinition, TextRef } from './definition-schema';

export const CAPABILITY_FLAGS = ['Read', 'Execute', 'Create', 'Delete'] as const;
export type CapabilityFlag = (typeof CAPABILITY_FLAGS)[number];

/** A file the user picked, as the service API takes it (content base64). */
export interface PickedFile {
  name: string;
  content: string;
}

/** What one field holds while the form is open. */
export type FormValue = string | (string | number)[] | PickedFile;

const isPickedFile = (value: FormValue | undefined): value is PickedFile => typeof value === 'object' && value !== null && !Array.isArray(value);
export type FormValues = Record<string, FormValue>;

/** The capabilities the user holds, as `[objectType, flags held]`, sorted; LOGIN belongs to every session and is not given away. */
export function heldFlags(capabilities: readonly Capability[]): [string, CapabilityFlag[]][] {
  const held = new Map<string, Set<CapabilityFlag>>();
  for (const capability of capabilities) {
    if (capability.ObjectType === 'LOGIN') continue;
    const flags = held.get(capability.ObjectType) ?? new Set<CapabilityFlag>();
    for (const flag of CAPABILITY_FLAGS) if (capability[flag]) flags.add(flag);
    held.set(capability.ObjectType, flags);
  }
  return [...held]
    .filter(([, flags]) => flags.size > 0)
    .map(([type, flags]): [string, CapabilityFlag[]] => [type, CAPABILITY_FLAGS.filter((flag) => flags.has(flag))])
    .sort(([a], [b]) => a.localeCompare(b));
}

/** The value a heldCapabilities field keeps per ticked box. */
export const capabilityKey = (objectType: string, flag: CapabilityFlag) => `${objectType}.${flag}`;

/** The values the form opens with: each field's default (select: its first option), else empty. */
export function initialFormValues(form: CreateFormDefinition): FormValues {
  const values: FormValues = {};
  for (const field of form.fields) {
    if (field.input === 'checkList' || field.input === 'heldCapabilities') values[field.param] = Array.isArray(field.default) ? (field.default as (string | number)[]) : [];
    else if (field.input === 'select') values[field.param] = String(field.default ?? field.options?.[0]?.value ?? '');
    else values[field.param] = typeof field.default === 'string' || typeof field.default === 'number' ? String(field.default) : '';
  }
  return values;
}

const listItems = (text: string) => text.split(/[\s,]+/).map((item) => item.trim()).filter(Boolean);

/** A number field's text as the number it means in the page's language; undefined while empty or no number. */
const typedNumber = (value: FormValue | undefined, locale: string | undefined): number | undefined =>
  typeof value === 'string' && value.trim() !== '' ? parseNumber(value, locale) : undefined;

/** Is a field's value one the form cannot send (a number field's text that is no number, or zero with nonZero; a file of a type the field refuses)? */
export function fieldInvalid(field: FormFieldDefinition, value: FormValue | undefined, locale?: string): boolean {
  if (field.input === 'file') return isPickedFile(value) && !fileAccepted(field, value.name);
  if (field.input !== 'number' || typeof value !== 'string' || value.trim() === '') return false;
  const number = typedNumber(value, locale);
  return number === undefined || (field.nonZero === true && number === 0);
}

/** The fields holding a value the form cannot send: it cannot be sent while any is listed. */
export const invalidFields = (form: CreateFormDefinition, values: FormValues, locale?: string): string[] =>
  form.fields.filter((field) => fieldInvalid(field, values[field.param], locale)).map((field) => field.param);

/** The value sent for one field; undefined leaves the parameter out. */
function wireValue(field: FormFieldDefinition, value: FormValue | undefined, locale?: string): unknown {
  switch (field.input) {
    case 'text': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? undefined : text;
    }
    case 'number':
      return fieldInvalid(field, value, locale) ? undefined : typedNumber(value, locale);
    case 'list': {
      const items = listItems(typeof value === 'string' ? value : '');
      return items.length === 0 ? undefined : items;
    }
    case 'select': {
      // The option's own value: a number stays a number (expiresInDays: 90).
      const option = field.options?.find((entry) => String(entry.value) === String(value));
      return option?.value;
    }
    case 'checkList':
      return Array.isArray(value) ? value : [];
    case 'dateTime': {
      // The input's local "yyyy-mm-ddThh:mm" is sent as the instant it names.
      const time = typeof value === 'string' && value !== '' ? new Date(value) : undefined;
      return time && !Number.isNaN(time.getTime()) ? time.toISOString() : undefined;
    }
    case 'file':
      return isPickedFile(value) && fileAccepted(field, value.name) ? value.content : undefined;
    case 'heldCapabilities': {
      const chosen = new Set((Array.isArray(value) ? value : []).map(String));
      const byType = new Map<string, Record<string, unknown>>();
      for (const key of chosen) {
        const at = key.lastIndexOf('.');
        const [type, flag] = [key.slice(0, at), key.slice(at + 1)];
        if (!type || !(CAPABILITY_FLAGS as readonly string[]).includes(flag)) continue;
        const entry = byType.get(type) ?? { ObjectType: type };
        entry[flag] = true;
        byType.set(type, entry);
      }
      return [...byType.values()];
    }
  }
}

/** Is a picked file of a type the field accepts (by its extension)? */
export function fileAccepted(field: FormFieldDefinition, fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return !field.file || (dot > 0 && field.file.extensions.includes(fileName.slice(dot + 1).toLowerCase()));
}

/**
 * The values after a file was picked: the file in its field, and its name without the extension in the
 * `nameInto` text field while that one is empty (a name the user typed stays). A refused file (no content)
 * stays in its field so the form cannot be sent, and names nothing.
 */
export function withPickedFile(form: CreateFormDefinition, values: FormValues, param: string, file: PickedFile): FormValues {
  const next: FormValues = { ...values, [param]: file };
  const picked = form.fields.find((field) => field.param === param);
  const into = picked && fileAccepted(picked, file.name) ? picked.file?.nameInto : undefined;
  const current = into ? values[into] : undefined;
  if (into && (current === undefined || (typeof current === 'string' && current.trim() === ''))) next[into] = file.name.replace(/\.[^.]+$/, '');
  return next;
}

/** The options of a select or check list this user is offered (an option's requires). */
export const offeredOptions = (field: FormFieldDefinition, capabilities: readonly Capability[]): NonNullable<FormFieldDefinition['options']> =>
  (field.options ?? []).filter((option) => meetsAccess(capabilities, option.requires));

/** The form as this user gets it: options it may not choose left out. */
export const formFor = (form: CreateFormDefinition, capabilities: readonly Capability[]): CreateFormDefinition => ({
  ...form,
  fields: form.fields.map((field) => (field.options ? { ...field, options: offeredOptions(field, capabilities) } : field)),
});

/** The line under a select for the option chosen (its hint), with its fixed values. */
export function chosenHint(field: FormFieldDefinition, value: FormValue | undefined): { text: TextRef; values: Record<string, string> } | undefined {
  const option = field.options?.find((entry) => String(entry.value) === String(value));
  return option?.hint ? { text: option.hint.text, values: option.hint.values ?? {} } : undefined;
}

/** A download's body: each parameter from a field of the form as it would be sent. */
export function formDownloadBody(form: CreateFormDefinition, fields: Readonly<Record<string, string>>, values: FormValues, context: ScreenContext, locale?: string): Record<string, unknown> {
  const sent = createFormBody(form, values, context, locale);
  const body: Record<string, unknown> = {};
  for (const [param, field] of Object.entries(fields)) setPath(body, param, readPath(sent, field));
  return body;
}

/** Fields still needing a value: the form cannot be sent while any is listed. */
export function missingFields(form: CreateFormDefinition, values: FormValues, locale?: string): string[] {
  return form.fields
    .filter((field) => field.required)
    .filter((field) => {
      const wire = wireValue(field, values[field.param], locale);
      return wire === undefined || (Array.isArray(wire) && wire.length === 0);
    })
    .map((field) => field.param);
}

/** The body of the form's call: its bindings, then each field's value at its parameter (numbers read in the page's locale). */
export function createFormBody(form: CreateFormDefinition, values: FormValues, context: ScreenContext, locale?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  applyBindings(body, form.params, context);
  for (const field of form.fields) {
    const value = values[field.param];
    const wire = wireValue(field, value, locale);
    if (wire === undefined) continue;
    setPath(body, field.param, wire);
    if (field.file && isPickedFile(value)) setPath(body, field.file.nameParam, value.name);
  }
  return body;
}

const readPath = (source: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), source);

/** The new row a create form's answer names (openRow: the answer's field holding its id, put at the grid's row id); undefined without one. */
export function createdRow(form: CreateFormDefinition, answer: unknown, rowIdField: string): Record<string, unknown> | undefined {
  const id = form.openRow ? readPath(answer, form.openRow) : undefined;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { ...(typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {}), [rowIdField]: id };
}

/** The secret and the name of what it belongs to in an answer; undefined when the answer holds none. */
export function shownOnceSecret(shownOnce: ShownOnceDefinition, answer: unknown, fallbackName = ''): { secret: string; name: string } | undefined {
  const secret = readPath(answer, shownOnce.field);
  if (typeof secret !== 'string' || secret === '') return undefined;
  const name = shownOnce.nameField ? readPath(answer, shownOnce.nameField) : undefined;
  return { secret, name: typeof name === 'string' || typeof name === 'number' ? String(name) : fallbackName };
}
