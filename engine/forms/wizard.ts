/**
 * Wizards (issue 22): a served wizard (GetWizardLayout) is a form model whose
 * pages are steps. This is the pure part: which steps there are, which fields
 * a step checks before Next, the final button's label, and the final call's
 * parameters from the values. The store keeps the values across steps.
 */
import type { WizardLayout, WizardParam } from '../../src/contract/services/wizard-schemas';
import { conditionFields, evaluateCondition } from '../shared/conditions';
import type { FormModel } from './form-model';
import type { SavedValue } from './values';

export type WizardStep =
  | { kind: 'page'; page: number; title: string; name: string }
  /** The summary of the values, with the review page's fields (e.g. an acknowledgement) under it. */
  | { kind: 'review'; page: number | undefined; title: string; name: 'review' };

export type WizardDefinition = Pick<WizardLayout, 'Review' | 'Action' | 'SubmitLabels'>;

/** The steps: every page but the review page, then the review step when the wizard has one. */
export function wizardSteps(wizard: WizardDefinition, model: FormModel): WizardStep[] {
  const reviewPage = wizard.Review?.Page === undefined ? -1 : model.pages.findIndex((page) => page.name === wizard.Review?.Page);
  const steps: WizardStep[] = model.pages.flatMap((page, index) => (index === reviewPage ? [] : [{ kind: 'page' as const, page: index, title: page.title, name: page.name }]));
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

/** A local date and time (yyyy-mm-ddThh:mm, read in the browser's time zone) as an ISO instant; null when it is none. */
export function localDateTimeToInstant(value: SavedValue): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function paramValue(source: WizardParam, values: Readonly<Record<string, SavedValue>>, context: Readonly<Record<string, unknown>>): unknown {
  if ('Context' in source) return context[source.Context] ?? null;
  if ('Value' in source) return source.Value;
  const value = values[source.Field] ?? null;
  return source.As === 'Instant' ? localDateTimeToInstant(value) : value;
}

/** The final call's body: each parameter from a field (null while hidden), the screen's context or a fixed value. */
export function wizardParams(
  wizard: WizardDefinition,
  values: Readonly<Record<string, SavedValue>>,
  context: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(wizard.Action.Params).map(([name, source]) => [name, paramValue(source, values, context)]));
}
