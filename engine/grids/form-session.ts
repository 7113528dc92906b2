/**
 * A standalone form's parts that work with the sign-in in progress (schema/form-session.ts), pure: the values
 * the host's session offers read by path, conditions on them, the intro that applies, the page's way out when
 * the sign-in it continues is missing, the choice's options, and the body and once-key of a call beside the submit.
 */
import type { ScreenContext } from './bindings';
import type { FormDefinition, SessionConditionDefinition } from './definition-schema';
import { valueAt } from './record-page';

/** The sign-in in progress as the host hands it over: user name, password, methods, the chosen method … */
export type SessionValues = Readonly<Record<string, unknown>>;
type Row = Record<string, unknown>;

/** A session value by path (`method.Id`). */
export const sessionValue = (session: SessionValues, path: string): unknown => valueAt(session, path);

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/** What a condition may ask besides the session: the context, and whether the form's prepare call answered. */
export interface FormFacts {
  context?: ScreenContext;
  prepared?: boolean;
}

/** Does the condition hold? No condition always holds. */
export function sessionHolds(condition: SessionConditionDefinition | undefined, session: SessionValues, facts: FormFacts = {}): boolean {
  if (!condition) return true;
  if (condition.prepared !== undefined && condition.prepared !== Boolean(facts.prepared)) return false;
  if (condition.session === undefined && condition.context === undefined) return true;
  const value = condition.session !== undefined ? sessionValue(session, condition.session) : facts.context?.[condition.context!];
  const text = isMissing(value) ? '' : String(value);
  if (condition.is && !condition.is.includes(text)) return false;
  if (condition.isNot?.includes(text)) return false;
  if (condition.countAbove !== undefined && !(Array.isArray(value) && value.length > condition.countAbove)) return false;
  return true;
}

/** The page continues a sign-in that is not in progress (a fresh browser): it goes `session.otherwise`. */
export const sessionMissing = (form: FormDefinition, session: SessionValues): boolean => form.session !== undefined && isMissing(session[form.session.needs]);

/** The intro that applies: the first whose condition holds. */
export const introOf = (form: FormDefinition, session: SessionValues, facts: FormFacts = {}) => form.intro?.find((entry) => sessionHolds(entry.when, session, facts));

/** The choice's options: the rows of the session's list. */
export function choiceOptions(form: FormDefinition, session: SessionValues): Row[] {
  const list = form.choice ? session[form.choice.options] : undefined;
  return Array.isArray(list) ? list.filter((row): row is Row => typeof row === 'object' && row !== null) : [];
}

/** The option equal to the session value the choice sets. */
export function choiceSelected(form: FormDefinition, option: Row, session: SessionValues): boolean {
  if (!form.choice) return false;
  const current = sessionValue(session, `${form.choice.sets}.${form.choice.value}`) ?? session[form.choice.sets];
  return !isMissing(current) && current === option[form.choice.value];
}

/** The body of the call beside the submit, from the session and the prepare call's answer. */
export function sendBody(send: NonNullable<FormDefinition['send']>, session: SessionValues, prepared: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(send.params).map(([name, binding]) => [name, 'session' in binding ? sessionValue(session, binding.session) : prepared[binding.prepared]]));
}

/** What tells a call sent on opening apart: it goes once per sign-in for the same method and body. */
export const sendOnceKey = (send: NonNullable<FormDefinition['send']>, session: SessionValues) => JSON.stringify([send.service, send.method, sendBody(send, session)]);
