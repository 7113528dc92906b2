/**
 * Create forms and secrets shown once (api-tokens.json, webhooks.json): the
 * values a form opens with, whether it may be sent, the body of its call, the
 * capability flags the signed-in user may give away, and the secret read from
 * an answer. Pure: the renderer draws the form and calls the method.
 */
import type { Capability } from '../../contract/capabilities';
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { CreateFormDefinition, FormFieldDefinition, ShownOnceDefinition } from './definition-schema';

export const CAPABILITY_FLAGS = ['Read', 'Execute', 'Create', 'Delete'] as const;
export type CapabilityFlag = (typeof CAPABILITY_FLAGS)[number];

/** What one field holds while the form is open. */
export type FormValue = string | (string | number)[];
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
    else values[field.param] = typeof field.default === 'string' ? field.default : '';
  }
  return values;
}

const listItems = (text: string) => text.split(/[\s,]+/).map((item) => item.trim()).filter(Boolean);

/** The value sent for one field; undefined leaves the parameter out. */
function wireValue(field: FormFieldDefinition, value: FormValue | undefined): unknown {
  switch (field.input) {
    case 'text': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? undefined : text;
    }
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

/** Fields still needing a value: the form cannot be sent while any is listed. */
export function missingFields(form: CreateFormDefinition, values: FormValues): string[] {
  return form.fields
    .filter((field) => field.required)
    .filter((field) => {
      const wire = wireValue(field, values[field.param]);
      return wire === undefined || (Array.isArray(wire) && wire.length === 0);
    })
    .map((field) => field.param);
}

/** The body of the form's call: its bindings, then each field's value at its parameter. */
export function createFormBody(form: CreateFormDefinition, values: FormValues, context: ScreenContext): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  applyBindings(body, form.params, context);
  for (const field of form.fields) {
    const wire = wireValue(field, values[field.param]);
    if (wire !== undefined) setPath(body, field.param, wire);
  }
  return body;
}

const readPath = (source: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), source);

/** The secret and the name of what it belongs to in an answer; undefined when the answer holds none. */
export function shownOnceSecret(shownOnce: ShownOnceDefinition, answer: unknown, fallbackName = ''): { secret: string; name: string } | undefined {
  const secret = readPath(answer, shownOnce.field);
  if (typeof secret !== 'string' || secret === '') return undefined;
  const name = shownOnce.nameField ? readPath(answer, shownOnce.nameField) : undefined;
  return { secret, name: typeof name === 'string' || typeof name === 'number' ? String(name) : fallbackName };
}
