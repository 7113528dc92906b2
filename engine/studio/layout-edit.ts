/**
 * Edits of a layout's JSON the structure view makes: pure functions from one
 * layout object to the next (the editor re-serialises it as the source).
 */
import { freeTextKey } from './layout-panels';

export type { FieldAt, LayoutJson, LayoutJsonContainer, LayoutJsonField, LayoutJsonPage } from './layout-json';
import type { FieldAt, LayoutJson } from './layout-json';

export const isLayoutJson = (value: unknown): value is LayoutJson =>
  typeof value === 'object' && value !== null && Array.isArray((value as LayoutJson).Pages) &&
  (value as LayoutJson).Pages.every((page) => typeof page === 'object' && page !== null && Array.isArray(page.Containers) && page.Containers.every((container) => Array.isArray(container?.Fields)));

export const fieldPointer = ([page, container, field]: FieldAt) => `/Pages/${page}/Containers/${container}/Fields/${field}`;

const clone = <T>(value: T): T => structuredClone(value);

/**
 * A copy of the layout sharing everything but the path to one container (so
 * the tree redraws only what changed on a 1000-field layout).
 */
function copyPath(layout: LayoutJson, page: number, container: number): LayoutJson {
  const pages = [...layout.Pages];
  const containers = [...pages[page].Containers];
  containers[container] = { ...containers[container], Fields: [...containers[container].Fields] };
  pages[page] = { ...pages[page], Containers: containers };
  return { ...layout, Pages: pages };
}

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
  // A renamed earlier field keeps its key: a new field never shares it (issue 33).
  const key = freeTextKey(next, `studio.field.${name}`);
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
  const next = copyPath(layout, page, container);
  const fields = next.Pages[page].Containers[container].Fields;
  const target = { ...fields[field] };
  if (value === undefined) delete target[key];
  else target[key] = value;
  fields[field] = target;
  return next;
}

/** The English label of a text key (the layout's own texts, else the key). */
export const englishText = (layout: Pick<LayoutJson, 'Texts'>, key: unknown) => (typeof key === 'string' ? (layout.Texts?.en?.[key] ?? key) : '');

/**
 * Sets the English text of a field's text-key property (Label, Help,
 * Placeholder), giving it its own key when it has none of the layout's; an
 * empty text leaves an optional property out.
 */
export function setFieldText(layout: LayoutJson, at: FieldAt, property: string, text: string, locale = 'en'): LayoutJson {
  const field = layout.Pages[at[0]].Containers[at[1]].Fields[at[2]];
  if (text === '' && property !== 'Label') return setFieldProperty(layout, at, property, undefined);
  const current = field[property];
  const suffix = property === 'Label' ? '' : `.${property.toLowerCase()}`;
  const key = typeof current === 'string' && current.startsWith('studio.') ? current : freeTextKey(layout, `studio.field.${field.Name}${suffix}`);
  const next = setFieldProperty(layout, at, property, key);
  // The text goes in the editor's language; English (which the checks demand) keeps its own text once it has one.
  const texts: Record<string, Record<string, string>> = { ...next.Texts };
  if (locale !== 'en') texts[locale] = { ...texts[locale], [key]: text };
  if (locale === 'en' || !texts.en?.[key]) texts.en = { ...texts.en, [key]: text };
  next.Texts = texts;
  return next;
}

export const setFieldLabel = (layout: LayoutJson, at: FieldAt, text: string) => setFieldText(layout, at, 'Label', text);

/** Moves a field to another place (any container of any page): drag and drop in the tree. */
export function moveFieldTo(layout: LayoutJson, from: FieldAt, to: [number, number, number]): { layout: LayoutJson; at: FieldAt } {
  const next = clone(layout);
  const [field] = next.Pages[from[0]].Containers[from[1]].Fields.splice(from[2], 1);
  const target = next.Pages[to[0]].Containers[to[1]].Fields;
  // Removing first shifts the later places of the same container by one.
  const index = Math.min(from[0] === to[0] && from[1] === to[1] && from[2] < to[2] ? to[2] - 1 : to[2], target.length);
  target.splice(index, 0, field);
  return { layout: next, at: [to[0], to[1], index] };
}

/** Moves a container to another place on its page (drag and drop, or one up or down). */
export function moveContainerTo(layout: LayoutJson, page: number, from: number, to: number): LayoutJson {
  const next = clone(layout);
  const containers = next.Pages[page].Containers;
  if (to < 0 || to >= containers.length || from === to) return layout;
  const [container] = containers.splice(from, 1);
  containers.splice(to, 0, container);
  return next;
}
