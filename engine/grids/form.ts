/**
 * A standalone form (a definition's `form`), pure: the values it starts with, whether it may be sent, the
 * body it sends, the live password check's body and its answer, the state of each policy rule, and where it leads.
 */
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { FormDefinition, FormDestinationDefinition, FormInputDefinition, FormPolicyDefinition } from './definition-schema';
import { sessionValue, type SessionValues } from './form-session';

export type TypedValues = Readonly<Record<string, string>>;

/** The key of a new password's confirmation among the values. */
export const confirmKey = (field: string) => `${field}#confirm`;

/** The key of a duration's unit among the values. */
export const unitKey = (field: string) => `${field}#unit`;

/** The values the form opens with: read-only fields from the context, a choice's first (or default) option, a duration's first unit, the others empty. */
export function formStartValues(form: FormDefinition, context: ScreenContext): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of form.fields) {
    const from = field.context ?? field.startsWith;
    values[field.field] = from ? String(context[from] ?? '') : field.default !== undefined ? String(field.default) : '';
    if (field.input === 'newPassword') values[confirmKey(field.field)] = '';
    if (field.input === 'switch') values[field.field] = 'false';
    if (field.input === 'choice' && field.default === undefined) values[field.field] = String(field.options?.[0]?.value ?? '');
    if (field.input === 'duration') values[unitKey(field.field)] = field.units?.[0]?.value ?? '';
  }
  return values;
}

/** A field's value as sent: trimmed when the field says so. */
export const sentText = (field: FormInputDefinition, values: TypedValues) => (field.trim ? (values[field.field] ?? '').trim() : (values[field.field] ?? ''));

/** The confirmation differs from the password (an empty confirmation is not yet a mismatch). */
export function confirmMismatch(field: FormInputDefinition, values: TypedValues): boolean {
  const confirmation = values[confirmKey(field.field)] ?? '';
  return field.input === 'newPassword' && confirmation !== '' && confirmation !== (values[field.field] ?? '');
}

/** A one-time code's digits (default 6). */
export const codeLength = (field: FormInputDefinition) => field.length ?? 6;

/** What a one-time code input keeps of the typed or pasted text: its digits, at most its length. */
export const codeDigits = (field: FormInputDefinition, typed: string) => typed.replace(/\D/g, '').slice(0, codeLength(field));

/** The option of a choice that draws this field beside it (its value is sent when that option is chosen). */
export function owningOption(form: FormDefinition, field: string): { choice: FormInputDefinition; value: string } | undefined {
  for (const choice of form.fields) {
    const option = choice.options?.find((entry) => entry.field === field);
    if (choice.input === 'choice' && option) return { choice, value: String(option.value) };
  }
  return undefined;
}

/** The field is shown: its shownWhen holds for the form's values (a switch's value is true or false). */
export function formFieldShown(field: FormInputDefinition, values: TypedValues): boolean {
  if (!field.shownWhen) return true;
  const value = values[field.shownWhen.field] ?? '';
  return field.shownWhen.in.some((entry) => String(entry) === value);
}

/** Whole numbers separated by commas, semicolons or spaces ("12, 15 18" → [12, 15, 18]); undefined when anything else is in the text. */
export function parseIdList(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^[1-9]\d*$/.test(part))) return undefined;
  return [...new Set(parts.map(Number))];
}

/** A duration in seconds (a whole number times its unit, within min and max), or undefined. */
export function durationSeconds(field: FormInputDefinition, values: TypedValues): number | undefined {
  const amount = (values[field.field] ?? '').trim();
  const unit = field.units?.find((entry) => entry.value === values[unitKey(field.field)]) ?? field.units?.[0];
  if (!/^\d+$/.test(amount) || !unit) return undefined;
  const seconds = Number(amount) * unit.seconds;
  return seconds >= (field.min ?? 1) && (field.max === undefined || seconds <= field.max) ? seconds : undefined;
}

export type FieldProblem = 'required' | 'invalid';

/** An address as an email input takes it: something@something.something, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a shown field sends, or why it cannot be sent yet; a hidden field sends null. */
export function formFieldValue(form: FormDefinition, field: FormInputDefinition, values: TypedValues): { value: unknown; problem?: FieldProblem } {
  if (!formFieldShown(field, values)) return { value: null };
  const raw = values[field.field] ?? '';
  switch (field.input) {
    case 'switch':
      return { value: raw === 'true' };
    case 'idList': {
      const ids = parseIdList(raw);
      return ids ? { value: ids } : { value: null, problem: raw.trim() === '' ? 'required' : 'invalid' };
    }
    case 'duration': {
      const seconds = durationSeconds(field, values);
      return seconds !== undefined ? { value: seconds } : { value: null, problem: raw.trim() === '' ? 'required' : 'invalid' };
    }
    case 'choice': {
      const option = field.options?.find((entry) => String(entry.value) === raw);
      if (!option) return { value: null, problem: 'required' };
      const beside = option.field ? form.fields.find((entry) => entry.field === option.field) : undefined;
      return beside ? formFieldValue(form, beside, values) : { value: option.value };
    }
    case 'oneTimeCode': {
      // Filled at its length; shorter is only waited for.
      const code = sentText(field, values);
      return code.length === codeLength(field) ? { value: code } : { value: code, problem: 'required' };
    }
    case 'qrCode':
    case 'secret':
      // Shown, not typed: nothing to wait for.
      return { value: null };
    case 'email': {
      const text = raw.trim();
      return text === '' ? { value: text, problem: 'required' } : EMAIL.test(text) ? { value: text } : { value: text, problem: 'invalid' };
    }
    case 'textarea':
      return raw.trim() === '' ? { value: raw, problem: 'required' } : { value: field.trim ? raw.trim() : raw };
    default: {
      const text = sentText(field, values);
      return text === '' ? { value: text, problem: 'required' } : { value: text };
    }
  }
}

/** A problem worth saying under the field now: a value that cannot be sent (an empty one is only waited for); none while its option is not chosen. */
export function formFieldError(form: FormDefinition, field: FormInputDefinition, values: TypedValues): boolean {
  const owner = owningOption(form, field.field);
  if (owner && values[owner.choice.field] !== owner.value) return false;
  return formFieldValue(form, field, values).problem === 'invalid';
}

/** Every shown input can be sent (and every new password is confirmed): the submit is offered. A field beside a choice's option counts only while it is chosen. */
export function formReady(form: FormDefinition, values: TypedValues, stage: FormStage = 'submit'): boolean {
  return stageFields(form, stage).every((field) => {
    if (owningOption(form, field.field)) return true;
    if (formFieldValue(form, field, values).problem) return false;
    if (field.input !== 'newPassword') return true;
    return (values[confirmKey(field.field)] ?? '') !== '' && !confirmMismatch(field, values);
  });
}

/** A form with a prepare stage is first its prepare (its fields and button), then the submit; else the submit alone. */
export type FormStage = 'prepare' | 'submit';

/** The stage the form is at: its prepare's while that has not answered and is not sent on opening. */
export const formStage = (form: FormDefinition, prepared: boolean): FormStage => (form.prepare && !form.prepare.onOpen && !prepared ? 'prepare' : 'submit');

/** The fields of a stage: the prepare's own; at the submit all (the prepare's then read-only). */
export function stageFields(form: FormDefinition, stage: FormStage): FormInputDefinition[] {
  if (stage === 'submit') return form.fields;
  const own = new Set(form.prepare?.fields ?? []);
  return form.fields.filter((field) => own.has(field.field));
}

/** The field is the prepare stage's, read-only once it answered. */
export const preparedField = (form: FormDefinition, field: FormInputDefinition) => form.prepare?.fields?.includes(field.field) ?? false;

/** The prepare call's answer as the form keeps it (an object; anything else is kept as empty). */
export const preparedAnswer = (answer: unknown): Record<string, unknown> => (typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {});

/** The body of the prepare call: its fields' values, the context, constants. */
export function prepareBody(form: FormDefinition, values: TypedValues, context: ScreenContext): Record<string, unknown> {
  return paramsBody(form, form.prepare?.params ?? {}, values, context, {}, {});
}

/** The body of the prepare's second call: values of the first one's answer. */
export function prepareThenBody(then: NonNullable<NonNullable<FormDefinition['prepare']>['then']>, prepared: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(then.params).map(([name, binding]) => [name, prepared[binding.prepared]]));
}

type SubmitParam = NonNullable<FormDefinition['submit']>['params'][string];

/** The first entry whose field has one of its values (the submit's label, the done notice), else undefined. */
export function firstWhen<T extends { field: string; in: readonly (string | number | boolean)[] }>(entries: readonly T[] | undefined, values: TypedValues): T | undefined {
  return entries?.find((entry) => entry.in.some((value) => String(value) === (values[entry.field] ?? '')));
}

/** The body of the submit: each parameter from a field's value, the sign-in in progress, the context or a constant. */
export function formSubmitBody(form: FormDefinition, values: TypedValues, context: ScreenContext, session: SessionValues = {}, prepared: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return paramsBody(form, form.submit?.params ?? {}, values, context, session, prepared);
}

function paramsBody(form: FormDefinition, params: Readonly<Record<string, SubmitParam>>, values: TypedValues, context: ScreenContext, session: SessionValues, prepared: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const bound: Record<string, Exclude<SubmitParam, { field: string } | { session: string } | { prepared: string }>> = {};
  for (const [path, binding] of Object.entries(params)) {
    if ('session' in binding) setPath(body, path, sessionValue(session, binding.session));
    else if ('prepared' in binding) setPath(body, path, prepared[binding.prepared]);
    else if ('field' in binding) {
      const field = form.fields.find((entry) => entry.field === binding.field);
      setPath(body, path, field ? formFieldValue(form, field, values).value : (values[binding.field] ?? ''));
    } else bound[path] = binding;
  }
  return applyBindings(body, bound, context);
}

/** The body of the live check of a candidate password. */
export function policyCheckBody(policy: FormPolicyDefinition, password: string, context: ScreenContext): Record<string, unknown> {
  return applyBindings({ [policy.check.param]: password }, policy.check.params, context);
}

/** The rule ids the check's answer says are broken. */
export function failedRulesOf(policy: FormPolicyDefinition, answer: unknown): ReadonlySet<string> {
  const list = (answer as Record<string, unknown> | null | undefined)?.[policy.check.failedPath];
  const rules = Array.isArray(list) ? list.map((entry) => (entry as Record<string, unknown> | null)?.[policy.check.ruleField]) : [];
  return new Set(rules.filter((rule): rule is string => typeof rule === 'string'));
}

export type RuleState = 'met' | 'failed' | 'unknown' | 'onSave';

/** A rule's state: judged on save, or as the last answer says (unknown before one). */
export function ruleState(rule: FormPolicyDefinition['rules'][number], failed: ReadonlySet<string> | undefined): RuleState {
  if (rule.onSave) return 'onSave';
  if (!failed) return 'unknown';
  return failed.has(rule.id) ? 'failed' : 'met';
}

/** Where the form leads: a route of the app (`path`) or the main app (`href`, a hash route at the site root). */
export type FormTarget = { path: string } | { href: string };

/**
 * The destination's target: the context value `redirect` names when it is a path of this app or a hash route
 * of the main app (anything else — absolute or protocol-relative addresses — would make the form an open
 * redirect), else `to` with the context's values, else the start page.
 */
export function formTarget(destination: FormDestinationDefinition | undefined, context: ScreenContext): FormTarget {
  const raw = destination?.redirect ? String(context[destination.redirect] ?? '').trim() : '';
  if (raw.startsWith('#')) return { href: `/${raw}` };
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return { path: raw };
  const to = destination?.to && routeFilled(destination.to, context);
  return { path: to ?? '/' };
}

/** A route with the context's values for {name} (URL-encoded); a query parameter left empty is dropped (`/login?redirect=` → `/login`). */
export function routeFilled(route: string, context: ScreenContext): string {
  const filled = route.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(context[name] ?? '')));
  const [path, query] = filled.split('?', 2);
  const kept = (query ?? '').split('&').filter((pair) => pair !== '' && !pair.endsWith('='));
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

/** The form is not offered (its `unavailable` context value is set). */
export const formUnavailable = (form: FormDefinition, context: ScreenContext): boolean =>
  form.unavailable !== undefined && (context[form.unavailable.when] ?? '') !== '';
