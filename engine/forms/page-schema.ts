/**
 * Each page of a form model as JSON Schema + uiSchema + formData, the shapes
 * RJSF and other JSON Schema form tools read. Our own renderer works from the
 * model directly; these are the published description of a page (and what the
 * benchmark hands to plain RJSF to compare).
 */
import type { FieldKind } from './field-kinds';
import type { FormFieldModel, FormModel } from './form-model';
import { toSavedValue, type FormValue } from './values';

export interface JsonSchemaObject {
  type: 'object';
  title?: string;
  properties: Record<string, Record<string, unknown>>;
  required: string[];
}

export type UiSchema = Record<string, unknown>;

const baseType: Record<FieldKind, Record<string, unknown>> = {
  text: { type: 'string' },
  multiline: { type: 'string' },
  email: { type: 'string', format: 'email' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  date: { type: 'string', format: 'date' },
  boolean: { type: 'boolean' },
  enum: {},
  multienum: { type: 'array', uniqueItems: true },
};

function fieldSchema(field: FormFieldModel): Record<string, unknown> {
  const schema: Record<string, unknown> = { ...baseType[field.kind], title: field.label };
  if (field.help) schema.description = field.help;
  const { rules } = field;
  if (rules.length !== undefined) Object.assign(schema, { minLength: rules.length, maxLength: rules.length });
  if (rules.minLength !== undefined) schema.minLength = rules.minLength;
  if (rules.maxLength !== undefined) schema.maxLength = rules.maxLength;
  if (rules.pattern) schema.pattern = rules.pattern.source;
  if (rules.minimum !== undefined) schema.minimum = rules.minimum;
  if (rules.maximum !== undefined) schema.maximum = rules.maximum;
  const oneOf = field.options?.map((option) => ({ const: option.value, title: option.label }));
  if (field.kind === 'enum' && oneOf?.length) schema.oneOf = oneOf;
  if (field.kind === 'enum' && !oneOf?.length) schema.type = 'string';
  if (field.kind === 'multienum') {
    schema.items = oneOf?.length ? { oneOf } : { type: 'string' };
    if (rules.minItems !== undefined) schema.minItems = rules.minItems;
  }
  if (field.readOnly) schema.readOnly = true;
  return schema;
}

function fieldUiSchema(field: FormFieldModel): Record<string, unknown> {
  return {
    'ui:widget': field.renderer,
    ...(field.help ? { 'ui:help': field.help } : {}),
    ...(field.placeholder ? { 'ui:placeholder': field.placeholder } : {}),
    ...(field.readOnly ? { 'ui:readonly': true } : {}),
    'ui:options': { container: field.container, view: field.view },
  };
}

export interface PageSchemas {
  schema: JsonSchemaObject;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
}

/** JSON Schema, uiSchema and formData of one page. */
export function pageSchemas(model: FormModel, pageIndex: number, values: Record<string, FormValue> = model.initialValues): PageSchemas {
  const page = model.pages[pageIndex];
  const fields = page.fields.map((name) => model.fields[name]);
  const formData: Record<string, unknown> = {};
  for (const field of fields) {
    const saved = toSavedValue(field.kind, values[field.name] ?? null);
    if (saved !== null) formData[field.name] = saved;
  }
  return {
    schema: {
      type: 'object',
      title: page.title,
      properties: Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
      required: fields.filter((field) => field.required).map((field) => field.name),
    },
    uiSchema: {
      'ui:order': page.fields,
      ...Object.fromEntries(fields.map((field) => [field.name, fieldUiSchema(field)])),
    },
    formData,
  };
}
