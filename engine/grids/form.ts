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

/** The values the form opens with: read-only fields from the context, the others empty. */
export function formStartValues(form: FormDefinition, context: ScreenContext): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of form.fields) {
    values[field.field] = field.context ? String(context[field.context] ?? '') : '';
    if (field.input === 'newPassword') values[confirmKey(field.field)] = '';
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

/** Every input filled (a one-time code to its length, every new password confirmed): the submit is offered. */
export function formReady(form: FormDefinition, values: TypedValues): boolean {
  return form.fields.every((field) => {
    if (sentText(field, values) === '') return false;
    if (field.input === 'oneTimeCode') return sentText(field, values).length === codeLength(field);
    if (field.input !== 'newPassword') return true;
    return (values[confirmKey(field.field)] ?? '') !== '' && !confirmMismatch(field, values);
  });
}

type SubmitParam = NonNullable<FormDefinition['submit']>['params'][string];

/** The body of the submit: each parameter from a field's text, the sign-in in progress, the context or a constant. */
export function formSubmitBody(form: FormDefinition, values: TypedValues, context: ScreenContext, session: SessionValues = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const bound: Record<string, Exclude<SubmitParam, { field: string } | { session: string }>> = {};
  for (const [path, binding] of Object.entries(form.submit?.params ?? {})) {
    if ('session' in binding) setPath(body, path, sessionValue(session, binding.session));
    else if ('field' in binding) {
      const field = form.fields.find((entry) => entry.field === binding.field);
      setPath(body, path, field ? sentText(field, values) : (values[binding.field] ?? ''));
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
