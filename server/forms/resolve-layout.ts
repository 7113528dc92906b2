/**
 * The layout of an account type, action and product, as the server uses it:
 * pages and fields of the action (read-only resolved), a product's pages merged
 * with the generic Product layout's first-page containers. Untranslated; the
 * served shape (wire format of spec §3) comes from toViewLayout.
 */
import type { LayoutField, ViewLayout } from '../../contract/services/account-schemas';
import { fault } from '../fault';
import type { LayoutCatalogue } from './layout-catalogue';
import type { LayoutFile, LayoutFileContainer, LayoutFileField, LayoutFilePage } from './layout-file-schema';
import type { TextLookup } from './layout-texts';

export interface ResolvedField {
  field: LayoutFileField;
  /** Read-only in this action by the layout (VIEW: all). */
  readOnly: boolean;
  /** Required in this action by the layout (not counting RequiredWhen). */
  required: boolean;
  /** The file the field comes from (for its texts). */
  source: LayoutFile;
}

export interface ResolvedContainer {
  container: LayoutFileContainer;
  source: LayoutFile;
  fields: ResolvedField[];
}

export interface ResolvedPage {
  page: LayoutFilePage;
  source: LayoutFile;
  containers: ResolvedContainer[];
}

export interface ResolvedLayout {
  accountType: string;
  productName: string | null;
  action: string;
  /** The generic layout, and the product's when there is one. */
  generic: LayoutFile;
  product: LayoutFile | undefined;
  capability: string | undefined;
  parentTypes: readonly string[];
  displayName: string | undefined;
  identificatorPrefix: string | undefined;
  pages: ResolvedPage[];
  fields: Map<string, ResolvedField>;
}

const inList = (flag: boolean | string[] | undefined, action: string) => flag === true || (Array.isArray(flag) && flag.includes(action));
const inAction = (element: { In?: string[] }, action: string) => !element.In || element.In.includes(action);

export function pagesFor(layout: LayoutFile | undefined, action: string): ResolvedPage[] {
  if (!layout || !layout.Actions.includes(action)) return [];
  return layout.Pages.filter((page) => inAction(page, action))
    .map((page) => ({
      page,
      source: layout,
      containers: page.Containers.filter((container) => inAction(container, action))
        .map((container) => ({
          container,
          source: layout,
          fields: container.Fields.filter((field) => inAction(field, action)).map((field) => ({
            field,
            source: layout,
            readOnly: action === 'VIEW' || inList(field.ReadOnly, action),
            required: inList(field.Required, action),
          })),
        }))
        .filter((container) => container.fields.length > 0),
    }))
    .filter((page) => page.containers.length > 0);
}

/** An account type's layout file and, for a product with one of its own, the product's. */
function layoutFilesOf(catalogue: LayoutCatalogue, accountType: string, productName: string | null | undefined) {
  const generic = catalogue.generic.get(accountType)?.layout;
  const product = accountType === 'Product' && productName ? catalogue.products.get(productName)?.layout : undefined;
  return { generic, product };
}

/** The capability an account's layout names (a product's own, else its type's), without shaping pages. */
export function layoutCapabilityOf(catalogue: LayoutCatalogue, accountType: string, productName: string | null | undefined): string | undefined {
  const { generic, product } = layoutFilesOf(catalogue, accountType, productName);
  return product?.Capability ?? generic?.Capability;
}

/**
 * The fields of an account's layouts (generic and product, every page) a caller may not see: those whose
 * ReadCapability it lacks. They are left out of the layouts it is served, the accounts it reads and the
 * values it may write (issue 33: a field hidden per role).
 */
export function hiddenFieldNames(
  catalogue: LayoutCatalogue,
  accountType: string,
  productName: string | null | undefined,
  holds: (objectType: string, flag: 'Read' | 'Execute' | 'Create' | 'Delete') => boolean,
): Set<string> {
  return new Set(readRestricted(catalogue, accountType, productName).filter(({ need }) => !holds(need.ObjectType, need.Flag)).map(({ name }) => name));
}

// The fields with a ReadCapability, per catalogue and type: every account read asks, the layouts change only on publish.
const restrictedByCatalogue = new WeakMap<LayoutCatalogue, Map<string, { name: string; need: NonNullable<LayoutFileField['ReadCapability']> }[]>>();

function readRestricted(catalogue: LayoutCatalogue, accountType: string, productName: string | null | undefined) {
  let byType = restrictedByCatalogue.get(catalogue);
  if (!byType) restrictedByCatalogue.set(catalogue, (byType = new Map()));
  const key = `${accountType}\n${productName ?? ''}`;
  let found = byType.get(key);
  if (!found) {
    found = [];
    for (const layout of Object.values(layoutFilesOf(catalogue, accountType, productName)))
      for (const page of layout?.Pages ?? [])
        for (const container of page.Containers) for (const field of container.Fields) if (field.ReadCapability) found.push({ name: field.Name, need: field.ReadCapability });
    byType.set(key, found);
  }
  return found;
}

/** A served layout without the fields named (and without the sections and pages they leave empty; a wizard's empty AccountForm page stays). */
export function withoutFields(layout: ViewLayout, hidden: ReadonlySet<string>): ViewLayout {
  if (hidden.size === 0) return layout;
  const pages = layout.Pages.map((page) => ({
    ...page,
    Containers: page.Containers.map((container) => ({ ...container, Fields: container.Fields.filter((field) => !hidden.has(field.Name)) })).filter(
      (container) => container.Fields.length > 0,
    ),
  })).filter((page, at) => page.Containers.length > 0 || layout.Pages[at].Containers.length === 0);
  return { ...layout, Pages: pages };
}

/** Finds and shapes a layout; 404 when the account type has none. */
export function resolveLayout(catalogue: LayoutCatalogue, accountType: string, action: string, productName: string | null | undefined): ResolvedLayout {
  const { generic, product } = layoutFilesOf(catalogue, accountType, productName);
  if (!generic) throw fault(404, 'forms.layoutNotFound', { accountType });
  const genericPages = pagesFor(generic, action);
  const productPages = pagesFor(product, action);
  let pages: ResolvedPage[];
  if (productPages.length === 0) pages = genericPages;
  else if (genericPages.length === 0) pages = productPages;
  else pages = [{ ...productPages[0], containers: [...genericPages[0].containers, ...productPages[0].containers] }, ...productPages.slice(1)];

  const fields = new Map<string, ResolvedField>();
  for (const page of pages) for (const container of page.containers) for (const resolved of container.fields) fields.set(resolved.field.Name, resolved);
  return {
    accountType,
    productName: accountType === 'Product' ? (productName ?? null) : null,
    action,
    generic,
    product,
    capability: product?.Capability ?? generic.Capability,
    parentTypes: product?.ParentTypes ?? generic.ParentTypes ?? [],
    displayName: product?.DisplayName ?? generic.DisplayName,
    identificatorPrefix: product?.IdentificatorPrefix ?? generic.IdentificatorPrefix,
    pages,
    fields,
  };
}

function toLayoutField({ field, readOnly, required, source }: ResolvedField, action: string, text: TextLookup): LayoutField {
  const wire: LayoutField = {
    Name: field.Name,
    DisplayValue: text(source, field.Label),
    Type: field.Type ?? (field.Options || field.RemoteEnum ? 'Enum' : 'String'),
  };
  const assign = <K extends keyof LayoutField>(key: K, value: LayoutField[K] | undefined) => {
    if (value !== undefined) wire[key] = value;
  };
  assign('DisplayTemplate', field.DisplayTemplate ?? (field.Options || field.RemoteEnum ? 'Combobox' : undefined));
  assign('View', field.View);
  assign('HelpText', field.Help && text(source, field.Help));
  assign('Placeholder', field.Placeholder && text(source, field.Placeholder));
  assign('Value', action === 'CREATE' ? field.Default : undefined);
  assign('EnumMembers', field.Options?.map((option) => ({ DisplayName: text(source, option.Label), Value: option.Value })));
  assign('Required', required || undefined);
  assign('ReadOnly', readOnly || undefined);
  assign('MfaRequired', field.MfaRequired);
  assign('VisibleWhen', field.VisibleWhen);
  assign('ReadOnlyWhen', field.ReadOnlyWhen);
  assign('RequiredWhen', field.RequiredWhen);
  for (const rule of ['MinLength', 'MaxLength', 'Length', 'Minimum', 'Maximum', 'Pattern', 'UppercaseOnly', 'ExcludedCharacters', 'MinItems'] as const) {
    assign(rule, field[rule] as never);
  }
  assign('RemoteEnum', field.RemoteEnum && { DependsOn: field.RemoteEnum.DependsOn ?? [] });
  assign('RemoteValidation', field.RemoteValidation?.Kind);
  assign('EditCapability', field.EditCapability);
  return wire;
}

/** The served layout (spec §3 shape), texts in the caller's language. */
export function toViewLayout(resolved: ResolvedLayout, text: TextLookup): ViewLayout {
  return {
    AccountType: resolved.accountType,
    ProductName: resolved.productName,
    Action: resolved.action,
    Capability: resolved.capability,
    Pages: resolved.pages.map(({ page, source, containers }) => ({
      Id: page.Id,
      Name: page.Name,
      DisplayValue: text(source, page.Label),
      Containers: containers.map(({ container, source: containerSource, fields }) => ({
        Name: container.Name,
        ...(container.Label ? { DisplayValue: text(containerSource, container.Label) } : {}),
        Fields: fields.map((field) => toLayoutField(field, resolved.action, text)),
      })),
    })),
  };
}
