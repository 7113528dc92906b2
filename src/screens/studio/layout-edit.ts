/**
 * Edits of a layout's JSON the structure view makes: pure functions from one
 * layout object to the next (the editor re-serialises it as the source).
 */
export interface LayoutJsonField {
  Name: string;
  [key: string]: unknown;
}
export interface LayoutJsonContainer {
  Name: string;
  Label?: string;
  Fields: LayoutJsonField[];
  [key: string]: unknown;
}
export interface LayoutJsonPage {
  Id: number | string;
  Name: string;
  Label: string;
  Containers: LayoutJsonContainer[];
  [key: string]: unknown;
}
export interface LayoutJson {
  AccountType?: string;
  Products?: string[];
  Pages: LayoutJsonPage[];
  Texts?: Record<string, Record<string, string>>;
  [key: string]: unknown;
}

/** Where a field sits: page, container, field index. */
export type FieldAt = [number, number, number];

export const isLayoutJson = (value: unknown): value is LayoutJson =>
  typeof value === 'object' && value !== null && Array.isArray((value as LayoutJson).Pages) &&
  (value as LayoutJson).Pages.every((page) => typeof page === 'object' && page !== null && Array.isArray(page.Containers) && page.Containers.every((container) => Array.isArray(container?.Fields)));

export const fieldPointer = ([page, container, field]: FieldAt) => `/Pages/${page}/Containers/${container}/Fields/${field}`;

const clone = <T>(value: T): T => structuredClone(value);

/** A field name not used yet in the layout (NewField, NewField2, …). */
export function freeFieldName(layout: LayoutJson, base = 'NewField'): string {
  const used = new Set(layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((field) => field.Name))));
  for (let index = 1; ; index++) {
    const name = index === 1 ? base : `${base}${index}`;
    if (!used.has(name)) return name;
  }
}

/** Adds a text field at the end of a container, labelled through the layout's own English texts. */
export function addField(layout: LayoutJson, page: number, container: number, label: string): { layout: LayoutJson; at: FieldAt } {
  const next = clone(layout);
  const name = freeFieldName(next);
  const key = `studio.field.${name}`;
  next.Texts = { ...next.Texts, en: { ...next.Texts?.en, [key]: label } };
  const fields = next.Pages[page].Containers[container].Fields;
  fields.push({ Name: name, Label: key });
  return { layout: next, at: [page, container, fields.length - 1] };
}

export function removeField(layout: LayoutJson, [page, container, field]: FieldAt): LayoutJson {
  const next = clone(layout);
  next.Pages[page].Containers[container].Fields.splice(field, 1);
  return next;
}

/** Moves a field one place up or down within its container. */
export function moveField(layout: LayoutJson, [page, container, field]: FieldAt, by: -1 | 1): { layout: LayoutJson; at: FieldAt } {
  const next = clone(layout);
  const fields = next.Pages[page].Containers[container].Fields;
  const target = field + by;
  if (target < 0 || target >= fields.length) return { layout, at: [page, container, field] };
  [fields[field], fields[target]] = [fields[target], fields[field]];
  return { layout: next, at: [page, container, target] };
}

/** Sets (or with undefined removes) one property of a field. */
export function setFieldProperty(layout: LayoutJson, [page, container, field]: FieldAt, key: string, value: unknown): LayoutJson {
  const next = clone(layout);
  const target = next.Pages[page].Containers[container].Fields[field];
  if (value === undefined) delete target[key];
  else target[key] = value;
  return next;
}

/** The English label of a text key (the layout's own texts, else the key). */
export const englishText = (layout: LayoutJson, key: unknown) => (typeof key === 'string' ? (layout.Texts?.en?.[key] ?? key) : '');

/** Sets the English text of a field's label, giving it its own key when it has none of the layout's. */
export function setFieldLabel(layout: LayoutJson, at: FieldAt, text: string): LayoutJson {
  const field = layout.Pages[at[0]].Containers[at[1]].Fields[at[2]];
  const key = typeof field.Label === 'string' && field.Label.startsWith('studio.') ? field.Label : `studio.field.${field.Name}`;
  const next = setFieldProperty(layout, at, 'Label', key);
  next.Texts = { ...next.Texts, en: { ...next.Texts?.en, [key]: text } };
  return next;
}
