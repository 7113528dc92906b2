/**
 * The property panel of the structure view as a layout of our own form engine,
 * generated from the published layout JSON Schema (GetLayoutSchema): one form
 * field per property of a layout field the schema gives a simple shape (text,
 * one of some constants, yes/no, number, a list of actions). Text-key
 * properties (Label, Help, Placeholder) are edited as their English text.
 * Everything else (conditions, options, remote enums) stays for the condition
 * editor or the JSON view.
 */
import type { AccountViews } from '../forms';
import type { LayoutField, ViewLayout } from '../../contract/services/account-schemas';
import { englishText, type LayoutJsonField } from './layout-edit';

type Schema = Record<string, unknown> & { type?: string; anyOf?: Schema[]; properties?: Record<string, Schema>; items?: Schema };

/** Properties holding a text key: shown and edited as the layout's English text. */
export const TEXT_KEY_PROPERTIES = new Set(['Label', 'Help', 'Placeholder']);
/** Edited by the condition editor beside the form. */
const OWN_EDITORS = new Set(['VisibleWhen']);
const ACTIONS = ['VIEW', 'EDIT', 'CREATE'];

/** The schema of one field of a layout (Pages → Containers → Fields → items). */
export function fieldSchemaOf(layoutSchema: unknown): Schema | undefined {
  const step = (schema: Schema | undefined, key: string) => schema?.properties?.[key]?.items;
  return step(step(step(layoutSchema as Schema, 'Pages'), 'Containers'), 'Fields');
}

/** The engine's field for one schema property, or undefined when the schema gives it no simple shape. */
function formFieldOf(key: string, schema: Schema, current: unknown, required: boolean): LayoutField | undefined {
  const base = { Name: key, DisplayValue: key, Required: required || undefined };
  const consts = schema.anyOf?.every((entry) => 'const' in entry) ? schema.anyOf.map((entry) => entry.const as string) : undefined;
  if (consts) return { ...base, Type: 'Enum', DisplayTemplate: 'Combobox', EnumMembers: consts.map((value) => ({ DisplayName: value, Value: value })) };
  // Required / ReadOnly: yes or no, or a list of actions (left to the JSON view).
  const flag = schema.type === 'boolean' || schema.anyOf?.some((entry) => entry.type === 'boolean');
  if (flag && !Array.isArray(current)) return { ...base, Type: 'Boolean' };
  if (schema.type === 'integer' || schema.type === 'number') {
    return { ...base, Type: schema.type === 'integer' ? 'Integer' : 'Number', Minimum: schema.minimum as number | undefined, Maximum: schema.maximum as number | undefined };
  }
  if (schema.type === 'array' && schema.items?.type === 'string') {
    return { ...base, Type: 'MultiEnum', EnumMembers: ACTIONS.map((action) => ({ DisplayName: action, Value: action })) };
  }
  if (schema.type === 'string') {
    if (TEXT_KEY_PROPERTIES.has(key)) return { ...base, Type: 'String', MaxLength: 200 };
    return { ...base, Type: 'String', MaxLength: schema.maxLength as number | undefined, MinLength: schema.minLength as number | undefined, Pattern: schema.pattern as string | undefined };
  }
  return undefined;
}

/**
 * The Default property as an input of the field's own type (the schema allows text, number or yes/no for any
 * field, which would draw a checkbox for a text field): a number for numbers, a date picker for dates, the
 * field's options for a choice. A list default stays for the JSON view.
 */
function defaultFieldOf(field: LayoutJsonField, textOf: (key: unknown) => string): LayoutField | undefined {
  const base = { Name: 'Default', DisplayValue: 'Default' };
  const type = typeof field.Type === 'string' ? field.Type : 'String';
  switch (type) {
    case 'Boolean':
      return { ...base, Type: 'Boolean' };
    case 'Integer':
    case 'Number':
      return { ...base, Type: type, Minimum: field.Minimum as number | undefined, Maximum: field.Maximum as number | undefined };
    case 'Date':
      return { ...base, Type: 'Date' };
    case 'Enum': {
      const options = Array.isArray(field.Options) ? (field.Options as { Value: unknown; Label?: unknown }[]) : [];
      const members = options.map((option) => ({ DisplayName: option.Label === undefined ? String(option.Value) : textOf(option.Label), Value: option.Value as string }));
      return { ...base, Type: 'Enum', DisplayTemplate: 'Combobox', EnumMembers: members };
    }
    case 'MultiEnum':
      return undefined;
    default:
      return { ...base, Type: 'String', MaxLength: 4000 };
  }
}

export interface PropertyForm {
  layout: ViewLayout;
  views: AccountViews;
  /** Properties the schema knows but the form leaves to other editors. */
  elsewhere: string[];
}

/** The form for a layout field: the generated fields, and the field's current values (text keys as English text). */
export function propertyForm(
  fieldSchema: Schema,
  field: LayoutJsonField,
  texts: { Texts?: Record<string, Record<string, string>> },
  /** A text key's text in the editor's language (issue 22: the panel never shows a key); English text by default. */
  textOf: (key: unknown) => string = (key) => englishText(texts, key),
): PropertyForm {
  const requiredKeys = new Set((fieldSchema.required as string[] | undefined) ?? []);
  const fields: LayoutField[] = [];
  const values: Record<string, unknown> = {};
  const elsewhere: string[] = [];
  for (const [key, schema] of Object.entries(fieldSchema.properties ?? {})) {
    const formField = OWN_EDITORS.has(key) ? undefined : key === 'Default' ? defaultFieldOf(field, textOf) : formFieldOf(key, schema, field[key], requiredKeys.has(key));
    if (!formField) {
      if (!OWN_EDITORS.has(key)) elsewhere.push(key);
      continue;
    }
    fields.push(formField);
    values[key] = TEXT_KEY_PROPERTIES.has(key) ? textOf(field[key]) : field[key];
  }
  return {
    layout: { AccountType: 'LayoutField', ProductName: null, Action: 'EDIT', Pages: [{ Id: 1, Name: 'properties', DisplayValue: '', Containers: [{ Name: 'properties', Fields: fields }] }] },
    views: { Values: values },
    elsewhere,
  };
}

/** The JSON value a form value stands for: empty means the property is left out. */
export function propertyValue(kind: string, value: unknown): unknown {
  if (kind === 'boolean') return value === true ? true : undefined;
  if (Array.isArray(value)) return value.length ? value : undefined;
  if (value === null || value === '') return undefined;
  if ((kind === 'integer' || kind === 'number') && typeof value === 'string') {
    const number = Number(value);
    return Number.isFinite(number) ? number : value;
  }
  return value;
}
