/**
 * Wizards (issue 22): a served wizard (GetWizardLayout) is a form model whose
 * pages are steps. This is the pure part: which steps there are, which fields
 * a step checks before Next, the final button's label, and the final call's
 * parameters from the values. The store keeps the values across steps.
 */
import type { ViewLayout } from '../../contract/services/account-schemas';
import type { WizardLayout, WizardStepKind } from '../../contract/services/wizard-schemas';
import { conditionFields, evaluateCondition } from '../shared/conditions';
import type { FormServices, FormStore } from './form-store';
import type { EnumOption, FormModel } from './form-model';
import type { SavedValue } from './values';
import { callParams, emptyScope, type WizardScope } from './wizard-answers';


export type WizardStep =
  /** A page of fields; `kind` of the layout's Steps when it is drawn as one (e.g. ChooseAccount). */
  | { kind: 'page'; page: number; title: string; name: string; stepKind?: WizardStepKind }
  /** The summary of the values, with the review page's fields (e.g. an acknowledgement) under it. */
  | { kind: 'review'; page: number | undefined; title: string; name: 'review' };

export type WizardDefinition = Pick<WizardLayout, 'Review' | 'Action' | 'SubmitLabels' | 'Steps' | 'Calls'>;

/** The steps: every page but the review page, then the review step when the wizard has one. */
export function wizardSteps(wizard: WizardDefinition, model: FormModel): WizardStep[] {
  const reviewPage = wizard.Review?.Page === undefined ? -1 : model.pages.findIndex((page) => page.name === wizard.Review?.Page);
  const steps: WizardStep[] = model.pages.flatMap((page, index) => {
    if (index === reviewPage) return [];
    const stepKind = wizard.Steps?.find((entry) => entry.Page === page.name);
    return [{ kind: 'page' as const, page: index, title: page.title, name: page.name, ...(stepKind ? { stepKind } : {}) }];
  });
  if (wizard.Review) steps.push({ kind: 'review', page: reviewPage < 0 ? undefined : reviewPage, title: wizard.Review.Title, name: 'review' });
  return steps;
}

/** The fields a step checks before the user may go on (the review step: its page's fields). */
export function stepFields(step: WizardStep | undefined, model: FormModel): string[] {
  if (!step || step.page === undefined) return [];
  return model.pages[step.page]?.fields ?? [];
}

/** The fields the summary lists: those of every page shown as a step of its own. */
export function summaryPages(steps: readonly WizardStep[], model: FormModel): { title: string; fields: string[] }[] {
  return steps.flatMap((step) => (step.kind === 'page' ? [{ title: step.title, fields: model.pages[step.page]?.fields ?? [] }] : []));
}

/** The final button's label: the first whose condition holds (the last is the fallback). */
export function submitLabel(wizard: WizardDefinition, lookup: (name: string) => unknown): string {
  const chosen = wizard.SubmitLabels.find((entry) => !entry.When || evaluateCondition(entry.When, lookup));
  return chosen?.Label ?? wizard.SubmitLabels[wizard.SubmitLabels.length - 1]?.Label ?? '';
}

/** The fields the submit labels read (the button follows them). */
export const submitLabelFields = (wizard: WizardDefinition): string[] => [...new Set(wizard.SubmitLabels.flatMap((entry) => conditionFields(entry.When)))];

/**
 * The layout as the wizard draws it: a ChooseAccount step's Integer field
 * becomes a choice whose options the step's source gives (a remote enum the
 * store loads through wizardServices), so the field keeps its checks and the
 * summary names the chosen account.
 */
export function withWizardSteps(layout: ViewLayout, wizard: WizardDefinition): ViewLayout {
  const chosen = new Set((wizard.Steps ?? []).flatMap((step) => (step.Kind === 'ChooseAccount' ? [step.Field] : [])));
  if (chosen.size === 0) return layout;
  return {
    ...layout,
    Pages: layout.Pages.map((page) => ({
      ...page,
      Containers: page.Containers.map((container) => ({
        ...container,
        Fields: container.Fields.map((field) => (chosen.has(field.Name) ? { ...field, Type: 'Enum' as const, RemoteEnum: { DependsOn: [] } } : field)),
      })),
    })),
  };
}

/** An account a ChooseAccount source offers (GetPossbileParentsForAccountMove's Parents and the like). */
interface OfferedAccount {
  AccountId: number;
  DisplayName: string;
  Path?: string | null;
}

/** The offered accounts as options: the name, and where the account sits under it. */
export function accountOptions(answer: unknown, list: string): EnumOption[] {
  const rows = (answer as Record<string, unknown> | null)?.[list];
  if (!Array.isArray(rows)) return [];
  return (rows as OfferedAccount[]).map((row) => ({ value: row.AccountId, label: row.DisplayName, ...(row.Path ? { detail: row.Path } : {}) }));
}

/** The store's services for the wizard's ChooseAccount steps: each field's options are its source's accounts. */
export function wizardServices(
  wizard: WizardDefinition,
  context: Readonly<Record<string, unknown>>,
  load: (service: string, method: string, params: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>,
): FormServices {
  return {
    async loadOptions(field, _dependent, signal) {
      const step = wizard.Steps?.find((entry) => entry.Kind === 'ChooseAccount' && entry.Field === field.name);
      if (step?.Kind !== 'ChooseAccount') return [];
      const { Service, Method, Params, List } = step.Source;
      // Loaded as the step opens: from the screen's context (and fixed values), not from values still being entered.
      return accountOptions(await load(Service, Method, callParams(Params, emptyScope(context)), signal), List);
    },
  };
}

/** The name of the account chosen in the wizard's first ChooseAccount step (for the screen's confirmation), or ''. */
export function chosenAccountLabel(wizard: WizardDefinition, store: Pick<FormStore, 'getField'>): string {
  const field = wizard.Steps?.find((step) => step.Kind === 'ChooseAccount')?.Field;
  if (!field) return '';
  const { value, options } = store.getField(field);
  return options?.find((option) => String(option.value) === String(value))?.label ?? '';
}

/** The final call's body: each parameter from a field (null while hidden), the screen's context, a fixed value, an answer or a chosen row. */
export function wizardParams(
  wizard: WizardDefinition,
  values: Readonly<Record<string, SavedValue>>,
  context: Readonly<Record<string, unknown>> = {},
  scope: Partial<WizardScope> = {},
): Record<string, unknown> {
  return callParams(wizard.Action.Params, { ...emptyScope(context), ...scope, values, context });
}

/** The call Next makes when it leaves this page, if any. */
export const callAfter = (wizard: WizardDefinition, page: string | undefined) => (page === undefined ? undefined : wizard.Calls?.find((call) => call.After === page));
