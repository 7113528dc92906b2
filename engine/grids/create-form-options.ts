/**
 * Create forms whose select options a method answers (optionsFrom), and the route opened after the
 * call (openAfter). Pure: the renderer loads the options and navigates.
 */
import { applyBindings, type ScreenContext } from './bindings';
import type { CreateFormDefinition, FormFieldDefinition } from './definition-schema';

type Option = NonNullable<FormFieldDefinition['options']>[number];
type OptionsFrom = NonNullable<FormFieldDefinition['optionsFrom']>;

/** The body of an options call. */
export const formOptionsBody = (source: OptionsFrom, context: ScreenContext) => applyBindings({}, source.params, context);

/** The options of an answer: an array of values (each its own label), or of rows (valueField, labelField). */
export function formOptionsOf(source: OptionsFrom, answer: unknown): Option[] {
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((item: unknown): Option[] => {
    const row = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
    const value = row ? (source.valueField ? row[source.valueField] : undefined) : item;
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const label = row && source.labelField ? row[source.labelField] : value;
    return [{ value, label: { en: String(label ?? value) } }];
  });
}

/** The form with each optionsFrom field's loaded options as its options (none loaded yet: its default alone, if any). */
export function formWithOptions(form: CreateFormDefinition, loaded: Readonly<Record<string, readonly Option[]>>): CreateFormDefinition {
  if (!form.fields.some((field) => field.optionsFrom)) return form;
  return {
    ...form,
    fields: form.fields.map((field) => {
      if (!field.optionsFrom) return field;
      const options = loaded[field.param] ?? (typeof field.default === 'string' || typeof field.default === 'number' ? [{ value: field.default, label: { en: String(field.default) } }] : []);
      return { ...field, options: options.length > 0 ? [...options] : undefined };
    }),
  };
}

/** The route openAfter names with the answer's fields filled in; undefined when one is missing. */
export function routeAfterCreate(form: CreateFormDefinition, answer: unknown): string | undefined {
  if (!form.openAfter) return undefined;
  const row = (answer ?? {}) as Record<string, unknown>;
  let missing = false;
  const route = form.openAfter.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_all, field: string) => {
    const value = row[field];
    if (typeof value !== 'string' && typeof value !== 'number') missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? undefined : route;
}
