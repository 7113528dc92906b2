/**
 * The view layout a draft gives, computed in the browser as the server's
 * resolveLayout + toViewLayout would (server/forms/resolve-layout.ts), so the
 * preview follows every edit at once without a round trip. What the browser
 * cannot know comes with the server's preview of the last checked source: the
 * generic Product layout's containers a product page starts with, and the
 * translations of server text keys. Publishing still goes through the
 * server's checks.
 */
import type { Capability } from '../../contract/capabilities';
import type { LayoutField, ViewLayout } from '../../contract/services/account-schemas';
import type { LayoutJson, LayoutJsonField } from './layout-edit';

type Action = 'VIEW' | 'EDIT' | 'CREATE';
type Container = ViewLayout['Pages'][number]['Containers'][number];

export interface ServerPreviewBasis {
  /** The generic Product layout's first-page containers for the action (product layouts only). */
  Generic: Container[] | null;
  /** Server text keys the layout uses, translated. */
  ServerTexts: Record<string, string>;
  Capability?: string;
}

const inList = (flag: unknown, action: string) => flag === true || (Array.isArray(flag) && flag.includes(action));
const inAction = (element: Record<string, unknown>, action: string) => !Array.isArray(element.In) || element.In.includes(action);
const RULES = ['MinLength', 'MaxLength', 'Length', 'Minimum', 'Maximum', 'Pattern', 'UppercaseOnly', 'ExcludedCharacters', 'MinItems'] as const;

function toField(field: LayoutJsonField, action: Action, text: (key: unknown) => string | undefined): LayoutField {
  const options = field.Options as { Label: string; Value: string | number | boolean }[] | undefined;
  const remote = field.RemoteEnum as { DependsOn?: string[] } | undefined;
  const wire: Record<string, unknown> = {
    Name: field.Name,
    DisplayValue: text(field.Label) ?? field.Name,
    Type: field.Type ?? (options || remote ? 'Enum' : 'String'),
  };
  const assign = (key: string, value: unknown) => {
    if (value !== undefined) wire[key] = value;
  };
  assign('DisplayTemplate', field.DisplayTemplate ?? (options || remote ? 'Combobox' : undefined));
  assign('View', field.View);
  assign('HelpText', field.Help === undefined ? undefined : text(field.Help));
  assign('Placeholder', field.Placeholder === undefined ? undefined : text(field.Placeholder));
  assign('Value', action === 'CREATE' ? field.Default : undefined);
  assign('EnumMembers', Array.isArray(options) ? options.map((option) => ({ DisplayName: text(option.Label) ?? String(option.Value), Value: option.Value })) : undefined);
  assign('Required', inList(field.Required, action) || undefined);
  assign('ReadOnly', action === 'VIEW' || inList(field.ReadOnly, action) || undefined);
  for (const key of ['MfaRequired', 'VisibleWhen', 'ReadOnlyWhen', 'RequiredWhen', 'EditCapability', ...RULES]) assign(key, field[key]);
  assign('RemoteEnum', remote && { DependsOn: remote.DependsOn ?? [] });
  assign('RemoteValidation', (field.RemoteValidation as { Kind?: string } | undefined)?.Kind);
  return wire as unknown as LayoutField;
}

const accountFormPages = (draft: LayoutJson) => {
  const steps = (draft.Wizard as { Steps?: unknown } | undefined)?.Steps;
  return new Set(Array.isArray(steps) ? (steps as { Kind?: unknown; Page?: unknown }[]).flatMap((step) => (step.Kind === 'AccountForm' && typeof step.Page === 'string' ? [step.Page] : [])) : []);
};

/** The draft's view layout for an action in a locale; undefined when the draft has no page in that action. */
export function draftViewLayout(draft: LayoutJson, action: Action, basis: ServerPreviewBasis | undefined, locale: string, capabilities?: readonly Capability[]): ViewLayout | undefined {
  // A role previewed without a field's ReadCapability does not get the field, as the server serves it.
  const hidden = (field: LayoutJsonField) => {
    const read = field.ReadCapability as { ObjectType?: string; Flag?: string } | undefined;
    return !!capabilities && !!read && !capabilities.some((held) => held.ObjectType === read.ObjectType && (held as unknown as Record<string, unknown>)[read.Flag ?? ''] === true);
  };
  const texts = draft.Texts ?? {};
  const text = (key: unknown) => (typeof key === 'string' ? (texts[locale]?.[key] ?? basis?.ServerTexts[key] ?? texts.en?.[key] ?? key) : undefined);
  const actions = Array.isArray(draft.Actions) ? (draft.Actions as string[]) : [];
  if (!actions.includes(action)) return undefined;
  const pages = draft.Pages.filter((page) => inAction(page, action))
    .map((page) => ({
      Id: page.Id,
      Name: page.Name,
      DisplayValue: text(page.Label) ?? page.Name,
      Containers: page.Containers.filter((container) => inAction(container, action))
        .map((container) => ({
          Name: container.Name,
          ...(container.Label ? { DisplayValue: text(container.Label) } : {}),
          Fields: container.Fields.filter((field) => inAction(field, action) && !hidden(field)).map((field) => toField(field, action, text)),
        }))
        .filter((container) => container.Fields.length > 0),
    }))
    // A wizard's AccountForm step keeps its page without containers (its form comes from an answer).
    .filter((page) => page.Containers.length > 0 || accountFormPages(draft).has(page.Name));
  if (pages.length === 0) return undefined;
  // A product's first page starts with the generic Product layout's containers.
  if (basis?.Generic?.length) pages[0] = { ...pages[0], Containers: [...basis.Generic, ...pages[0].Containers] };
  const products = Array.isArray(draft.Products) ? draft.Products : [];
  return {
    AccountType: String(draft.AccountType ?? ''),
    ProductName: draft.AccountType === 'Product' ? (products[0] ?? null) : null,
    Action: action,
    Capability: (draft.Capability as string | undefined) ?? basis?.Capability,
    Pages: pages,
  } as ViewLayout;
}
