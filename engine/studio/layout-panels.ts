/**
 * The studio's property panels for a product owner's common tasks (issue 33),
 * as pure edits of a layout: a dropdown's options with their text per
 * language, a section's title per language, who edits a field per role, and
 * the properties of the layout's root. Texts are written into the layout's
 * own `Texts` under keys no other text of the layout uses.
 */
import type { Capability } from '../../contract/capabilities';
import type { FieldAt, LayoutJson, LayoutJsonField } from './layout-json';

export type LocaleTexts = Record<string, string>;

/** Every text key the layout names or holds (properties of pages, containers, fields, options, and its Texts). */
function usedKeys(layout: LayoutJson): Set<string> {
  const used = new Set<string>(Object.values(layout.Texts ?? {}).flatMap((texts) => Object.keys(texts)));
  const visit = (value: unknown) => {
    if (typeof value === 'string') used.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(layout.Pages);
  return used;
}

/** `base`, or `base2`, `base3` … : the first text key the layout uses nowhere yet. */
export function freeTextKey(layout: LayoutJson, base: string): string {
  const used = usedKeys(layout);
  for (let index = 1; ; index++) {
    const key = index === 1 ? base : `${base}${index}`;
    if (!used.has(key)) return key;
  }
}

/** The text of a key per locale, as the layout holds it. */
export function textsOf(layout: Pick<LayoutJson, 'Texts'>, key: unknown): LocaleTexts {
  if (typeof key !== 'string') return {};
  return Object.fromEntries(Object.entries(layout.Texts ?? {}).flatMap(([locale, texts]) => (texts[key] === undefined ? [] : [[locale, texts[key]]])));
}

/** Writes a key's texts: every locale given (an empty text removes it there); English is kept when emptied, as the checks demand it. */
export function withTexts(layout: LayoutJson, key: string, texts: LocaleTexts): LayoutJson {
  const next: Record<string, Record<string, string>> = { ...layout.Texts };
  for (const [locale, text] of Object.entries(texts)) {
    const own = { ...next[locale] };
    if (text.trim()) own[key] = text;
    else if (locale !== 'en') delete own[key];
    next[locale] = own;
  }
  return { ...layout, Texts: next };
}

/** The key a text-holding place keeps: its own studio key if it has one, else a new free one. */
export const ownKey = (layout: LayoutJson, current: unknown, base: string) =>
  typeof current === 'string' && current.startsWith('studio.') ? current : freeTextKey(layout, base);

export interface OptionRow {
  value: string;
  texts: LocaleTexts;
}

/** A dropdown's options as rows: the value and its text per locale. */
export function optionRows(layout: LayoutJson, field: LayoutJsonField): OptionRow[] {
  const options = Array.isArray(field.Options) ? (field.Options as { Value: unknown; Label?: unknown }[]) : [];
  return options.map((option) => ({ value: String(option.Value), texts: textsOf(layout, option.Label) }));
}

/**
 * Sets a field's options from rows: each option keeps its label key when its
 * value stays, a new one gets a free key; no row leaves Options out. A
 * field without a choice type becomes a dropdown.
 */
export function withOptions(layout: LayoutJson, [page, container, index]: FieldAt, rows: readonly OptionRow[]): LayoutJson {
  const field = layout.Pages[page].Containers[container].Fields[index];
  const before = new Map((Array.isArray(field.Options) ? (field.Options as { Value: unknown; Label?: unknown }[]) : []).map((option) => [String(option.Value), option.Label]));
  let next = layout;
  const options = rows.map((row) => {
    const slug = row.value.replace(/[^A-Za-z0-9_-]/g, '_') || 'option';
    const key = ownKey(next, before.get(row.value), `studio.field.${field.Name}.option.${slug}`);
    next = withTexts(next, key, { ...row.texts, en: row.texts.en?.trim() ? row.texts.en : row.value });
    return { Value: row.value, Label: key };
  });
  const type = field.Type === 'Enum' || field.Type === 'MultiEnum' ? field.Type : 'Enum';
  return replaceField(next, [page, container, index], (target) => {
    if (options.length) target.Options = options;
    else delete target.Options;
    if (options.length) target.Type = type;
  });
}

function replaceField(layout: LayoutJson, [page, container, index]: FieldAt, edit: (field: LayoutJsonField) => void): LayoutJson {
  const pages = [...layout.Pages];
  const containers = [...pages[page].Containers];
  const fields = [...containers[container].Fields];
  const field = { ...fields[index] };
  edit(field);
  fields[index] = field;
  containers[container] = { ...containers[container], Fields: fields };
  pages[page] = { ...pages[page], Containers: containers };
  return { ...layout, Pages: pages };
}

/** A section's (container's) title per locale. */
export const sectionTitles = (layout: LayoutJson, page: number, container: number): LocaleTexts => textsOf(layout, layout.Pages[page].Containers[container].Label);

/** Sets a section's title in the given locales (its own key, made when it has none). */
export function withSectionTitle(layout: LayoutJson, page: number, container: number, texts: LocaleTexts): LayoutJson {
  const section = layout.Pages[page].Containers[container];
  const key = ownKey(layout, section.Label, `studio.section.${section.Name}`);
  const english = texts.en ?? layout.Texts?.en?.[key] ?? '';
  const next = withTexts(layout, key, { ...texts, en: english.trim() ? english : section.Name });
  const pages = [...next.Pages];
  const containers = [...pages[page].Containers];
  containers[container] = { ...containers[container], Label: key };
  pages[page] = { ...pages[page], Containers: containers };
  return { ...next, Pages: pages };
}

/** The type's name per locale (New menu, lists): the texts of its TypeLabel. */
export const typeLabelTexts = (layout: LayoutJson): LocaleTexts => textsOf(layout, layout.TypeLabel);

/** Sets the type's name in the given locales, under a key of the layout's own (a copied layout's key is not reused). */
export function withTypeLabel(layout: LayoutJson, texts: LocaleTexts): LayoutJson {
  const type = typeof layout.AccountType === 'string' && layout.AccountType ? layout.AccountType : 'type';
  const key = ownKey(layout, layout.TypeLabel, `studio.type.${type}`);
  const english = texts.en ?? layout.Texts?.en?.[key] ?? '';
  return { ...withTexts(layout, key, { ...texts, en: english.trim() ? english : type }), TypeLabel: key };
}

/** What a role may do with a field: not open the object at all, not see the field, see it read-only, or edit it. */
export type FieldAccess = 'cannotOpen' | 'hidden' | 'read' | 'edit';
export type CapabilityFlag = 'Read' | 'Execute' | 'Create' | 'Delete';

export interface EditCapability {
  ObjectType: string;
  Flag: CapabilityFlag;
}

const holdsFlag = (capabilities: readonly Capability[], objectType: string, flag: CapabilityFlag) =>
  capabilities.some((capability) => capability.ObjectType === objectType && capability[flag] === true);

/** The flag a role needs on the layout's capability to open the form for an action (spec §5: Read views, Execute edits, Create creates). */
export const openFlagOf = (action: 'VIEW' | 'EDIT' | 'CREATE'): CapabilityFlag => (action === 'VIEW' ? 'Read' : action === 'EDIT' ? 'Execute' : 'Create');

/** Whether a role opens a layout for an action at all (a layout without Capability is open to all). */
export function canOpen(capabilities: readonly Capability[], layoutCapability: string | undefined, action: 'VIEW' | 'EDIT' | 'CREATE'): boolean {
  return !layoutCapability || holdsFlag(capabilities, layoutCapability, openFlagOf(action));
}

/** Whether a role lacks the field's ReadCapability: the server leaves such a field out for it. */
export function hiddenFrom(field: LayoutJsonField, capabilities: readonly Capability[]): boolean {
  const read = field.ReadCapability as EditCapability | undefined;
  return !!read && !holdsFlag(capabilities, read.ObjectType, read.Flag);
}

/**
 * A field's access for one role in an action: hidden when the role lacks its ReadCapability; read-only
 * fields, and those whose EditCapability the role lacks, are read.
 */
export function fieldAccess(field: LayoutJsonField, capabilities: readonly Capability[], layoutCapability: string | undefined, action: 'VIEW' | 'EDIT' | 'CREATE'): FieldAccess {
  if (!canOpen(capabilities, layoutCapability, action)) return 'cannotOpen';
  if (hiddenFrom(field, capabilities)) return 'hidden';
  if (action === 'VIEW' || field.ReadOnly === true || (Array.isArray(field.ReadOnly) && field.ReadOnly.includes(action))) return 'read';
  const edit = field.EditCapability as EditCapability | undefined;
  return edit && !holdsFlag(capabilities, edit.ObjectType, edit.Flag) ? 'read' : 'edit';
}

/**
 * The two rights that give each role the access chosen for it: ReadCapability separates the roles that see
 * the field from those it is hidden from, EditCapability the editing roles from the reading ones (each
 * undefined when not needed). null when no capability separates them.
 */
export function fieldRightsFor(
  chosen: readonly { capabilities: readonly Capability[]; access: 'hidden' | 'read' | 'edit' }[],
  candidates: readonly string[],
): { ReadCapability: EditCapability | undefined; EditCapability: EditCapability | undefined } | null {
  const of = (...accesses: string[]) => chosen.filter((role) => accesses.includes(role.access)).map((role) => role.capabilities);
  const read = editCapabilityFor(of('read', 'edit'), of('hidden'), candidates);
  const edit = editCapabilityFor(of('edit'), of('read'), candidates);
  return read === null || edit === null ? null : { ReadCapability: read, EditCapability: edit };
}

/**
 * The edit right that lets exactly the roles chosen to edit do so, read from
 * the roles' capabilities: the first capability (object type and flag) every
 * editing role holds and no read-only role holds. Undefined when everyone may
 * edit (no EditCapability needed); null when no capability separates them.
 */
export function editCapabilityFor(
  editors: readonly (readonly Capability[])[],
  readers: readonly (readonly Capability[])[],
  candidates: readonly string[],
): EditCapability | undefined | null {
  if (readers.length === 0) return undefined;
  for (const objectType of candidates)
    for (const flag of ['Execute', 'Create', 'Read', 'Delete'] as const)
      if (editors.every((role) => holdsFlag(role, objectType, flag)) && !readers.some((role) => holdsFlag(role, objectType, flag))) return { ObjectType: objectType, Flag: flag };
  return null;
}

/** Sets (or with undefined removes) a property of the layout's root: account type, id prefix, parent types … */
export function withRootProperty(layout: LayoutJson, key: string, value: unknown): LayoutJson {
  const next = { ...layout };
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
  else next[key] = value;
  return next;
}
