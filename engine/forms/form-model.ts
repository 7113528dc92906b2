/**
 * Layout + account Views + capabilities → form model: the fields with their
 * kind, renderer, rules and conditions, pages with their containers, the values
 * to start from, and who depends on whom. Pure: no UI, no I/O.
 */
import type { Capability } from '../../contract/capabilities';
import type { EnumMember, FieldCondition, LayoutField, ViewLayout } from '../../contract/services/account-schemas';
import { holdsCapability } from '../shared/capabilities';
import { conditionFields } from '../shared/conditions';
import { fieldKindOf, type FieldKind } from './field-kinds';
import { chooseRenderer, type RendererTester } from './testers';
import { wholeValuePattern, type FieldRules } from './validation';
import { toFormValue, type FormValue } from './values';

/** Views of an account: view name → field name → value. */
export type AccountViews = Record<string, Record<string, unknown>>;

export const DEFAULT_VIEW = 'Values';

export type FormMode = 'view' | 'edit' | 'create';

export interface EnumOption {
  value: string | number | boolean;
  label: string;
  /** A second line under the label, e.g. where a chosen account sits. */
  detail?: string;
}

export interface FormFieldModel {
  name: string;
  /** The view of the account holding the value. */
  view: string;
  kind: FieldKind;
  label: string;
  help?: string;
  placeholder?: string;
  template?: string;
  /** Chosen by the ranked testers. */
  renderer: string;
  /** The renderer a wrapper (MFA gate) shows once unlocked; equals `renderer` otherwise. */
  directRenderer: string;
  /** Static options (EnumMembers); remote enums load theirs. */
  options?: EnumOption[];
  remoteEnum?: { dependsOn: string[] };
  remoteValidation?: 'unique' | 'rule';
  required: boolean;
  /** Read-only whatever the values: VIEW mode, layout flag, missing capability. */
  readOnly: boolean;
  mfaRequired: boolean;
  visibleWhen?: FieldCondition;
  readOnlyWhen?: FieldCondition;
  requiredWhen?: FieldCondition;
  rules: FieldRules;
  page: number;
  container: string;
}

export interface FormContainerModel {
  name: string;
  title: string;
  fields: string[];
}

export interface FormPageModel {
  id: string | number;
  name: string;
  title: string;
  containers: FormContainerModel[];
  fields: string[];
}

export interface FormModel {
  mode: FormMode;
  accountType?: string;
  productName?: string | null;
  /** False when the user may not save this form (VIEW mode or missing capability). */
  editable: boolean;
  pages: FormPageModel[];
  fields: Record<string, FormFieldModel>;
  fieldOrder: string[];
  initialValues: Record<string, FormValue>;
  /** Field → fields whose conditions read it (to re-evaluate on change). */
  conditionDependents: Record<string, string[]>;
  /** Field → remote enums whose options depend on it (reload and clear on change). */
  enumDependents: Record<string, string[]>;
}

export interface FormModelInput {
  mode: FormMode;
  views?: AccountViews;
  capabilities: readonly Capability[];
  testers: readonly RendererTester[];
}

const modeAction: Record<FormMode, 'Read' | 'Execute' | 'Create'> = { view: 'Read', edit: 'Execute', create: 'Create' };

function optionsOf(members: EnumMember[] | undefined): EnumOption[] | undefined {
  return members?.map((member) => ({ value: member.Value, label: member.DisplayName }));
}

function rulesOf(field: LayoutField): FieldRules {
  return {
    minLength: field.MinLength,
    maxLength: field.MaxLength,
    length: field.Length,
    minimum: field.Minimum,
    maximum: field.Maximum,
    pattern: field.Pattern ? wholeValuePattern(field.Pattern) : undefined,
    uppercaseOnly: field.UppercaseOnly,
    excludedCharacters: field.ExcludedCharacters,
    minItems: field.MinItems,
  };
}

function addDependent(map: Record<string, string[]>, on: string, dependent: string) {
  const list = (map[on] ??= []);
  if (!list.includes(dependent)) list.push(dependent);
}

/** May this user save such an account at all in this mode? */
export function formIsEditable(layout: ViewLayout, mode: FormMode, capabilities: readonly Capability[]): boolean {
  if (mode === 'view') return false;
  if (!layout.Capability) return true;
  return holdsCapability(capabilities, { ObjectType: layout.Capability, [modeAction[mode]]: true });
}

export function layoutToFormModel(layout: ViewLayout, input: FormModelInput): FormModel {
  const editable = formIsEditable(layout, input.mode, input.capabilities);
  const fields: Record<string, FormFieldModel> = {};
  const fieldOrder: string[] = [];
  const initialValues: Record<string, FormValue> = {};
  const conditionDependents: Record<string, string[]> = {};
  const enumDependents: Record<string, string[]> = {};

  const pages = layout.Pages.map((page, pageIndex): FormPageModel => {
    const pageFields: string[] = [];
    const containers = page.Containers.map((container): FormContainerModel => {
      const names = container.Fields.map((field) => {
        const kind = fieldKindOf(field);
        const capabilityMissing =
          field.EditCapability !== undefined &&
          !holdsCapability(input.capabilities, { ObjectType: field.EditCapability.ObjectType, [field.EditCapability.Flag]: true });
        const readOnly = !editable || field.ReadOnly === true || capabilityMissing;
        const options = optionsOf(field.EnumMembers);
        const testerField = {
          kind,
          template: field.DisplayTemplate,
          readOnly,
          mfaRequired: field.MfaRequired === true,
          hasOptions: Boolean(options?.length),
          remoteEnum: Boolean(field.RemoteEnum),
        };
        const view = field.View ?? DEFAULT_VIEW;
        // Creating: values the screen already knows (e.g. the chosen product), else the layout's default.
        const stored = input.mode === 'create' ? (input.views?.[view]?.[field.Name] ?? field.Value) : input.views?.[view]?.[field.Name];
        fields[field.Name] = {
          name: field.Name,
          view,
          kind,
          label: field.DisplayValue ?? field.Name,
          help: field.HelpText,
          placeholder: field.Placeholder,
          template: field.DisplayTemplate,
          renderer: chooseRenderer(testerField, input.testers),
          directRenderer: chooseRenderer(testerField, input.testers, { direct: true }),
          options,
          remoteEnum: field.RemoteEnum ? { dependsOn: field.RemoteEnum.DependsOn } : undefined,
          remoteValidation: field.RemoteValidation === 'Unique' ? 'unique' : field.RemoteValidation === 'Rule' ? 'rule' : undefined,
          required: field.Required === true,
          readOnly,
          mfaRequired: field.MfaRequired === true,
          visibleWhen: field.VisibleWhen,
          readOnlyWhen: field.ReadOnlyWhen,
          requiredWhen: field.RequiredWhen,
          rules: rulesOf(field),
          page: pageIndex,
          container: container.Name,
        };
        initialValues[field.Name] = toFormValue(kind, stored);
        for (const condition of [field.VisibleWhen, field.ReadOnlyWhen, field.RequiredWhen]) {
          for (const on of conditionFields(condition)) addDependent(conditionDependents, on, field.Name);
        }
        for (const on of field.RemoteEnum?.DependsOn ?? []) addDependent(enumDependents, on, field.Name);
        fieldOrder.push(field.Name);
        pageFields.push(field.Name);
        return field.Name;
      });
      return { name: container.Name, title: container.DisplayValue ?? '', fields: names };
    });
    return { id: page.Id, name: page.Name, title: page.DisplayValue, containers, fields: pageFields };
  });

  return {
    mode: input.mode,
    accountType: layout.AccountType,
    productName: layout.ProductName,
    editable,
    pages,
    fields,
    fieldOrder,
    initialValues,
    conditionDependents,
    enumDependents,
  };
}
