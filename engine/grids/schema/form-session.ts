/**
 * The parts of a standalone form that work with the sign-in in progress (the host's session, src/session): the
 * values it offers, conditions on them, a record of it shown, a choice among its lists, a call sent on opening or
 * from a link, a passkey. (part of schema/form.ts)
 */
import { Type } from '@sinclair/typebox';
import { FieldName, ICON_KINDS, ServiceRef, TextRefSchema, describe } from './common';

/**
 * What the host's sign-in offers a form: the user name and password waiting for a second factor (kept in memory
 * only), the user's methods and the one chosen (a record), and the single sign-on provider the browser chose.
 */
export const SESSION_VALUES = ['userName', 'password', 'methods', 'method', 'singleSignOnClient'] as const;
export type SessionValueName = (typeof SESSION_VALUES)[number];

const SessionName = Type.Union(SESSION_VALUES.map((name) => Type.Literal(name)), { description: `A value of the sign-in in progress: ${SESSION_VALUES.join(', ')}` });
/** A session value, or a field of a record one (`method.Id`). */
export const SessionPath = Type.String({
  pattern: `^(${SESSION_VALUES.join('|')})(\\.[A-Za-z][A-Za-z0-9]*)?$`,
  description: `A value of the sign-in in progress (${SESSION_VALUES.join(', ')}), or a field of it: method.Id`,
});
const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });
const Route = Type.String({ pattern: '^/', description: 'A route of the app; {name} is a value of the context (a query parameter left empty is dropped)' });

/**
 * Holds when the value (of the sign-in in progress, or of the context) is one of `is`, none of `isNot`, a list longer
 * than `countAbove`; and, with `prepared`, while the form's prepare call has (true) or has not yet (false) answered.
 */
export const SessionConditionSchema = Type.Object(
  {
    session: Type.Optional(SessionPath),
    context: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'Instead of session: a context value (a route\'s query, the host\'s, e.g. mustSetupMfa)' })),
    prepared: Type.Optional(Type.Boolean({ description: 'Holds while the form\'s prepare call has (true) or has not yet (false) answered' })),
    is: Type.Optional(Type.Array(Type.String(), { minItems: 1, description: 'Holds when the value is one of these' })),
    isNot: Type.Optional(Type.Array(Type.String(), { minItems: 1, description: 'Holds when the value is none of these' })),
    countAbove: Type.Optional(Type.Integer({ minimum: 0, description: 'A list: holds when it has more entries' })),
  },
  { additionalProperties: false, description: 'A condition on the sign-in in progress, the context or the form\'s prepare call (session or context, not both)' },
);

/** A call's parameter from the session (the user name and password waiting, the chosen method's id). */
export const SessionParamSchema = Type.Object({ session: SessionPath }, { additionalProperties: false });

/** A call's parameter from the answer of the form's prepare call (e.g. the method it set up). */
export const PreparedParamSchema = Type.Object(
  { prepared: describe(FieldName, 'A field of the prepare call\'s answer') },
  { additionalProperties: false, description: 'A value the form\'s prepare call answered (the call waits for it)' },
);

/** A symbol by a value kind (e.g. a method's type), as the value's field says. */
const KindSymbol = Type.Object(
  { field: FieldName, valueKind: Type.Union(ICON_KINDS.map((kind) => Type.Literal(kind))) },
  { additionalProperties: false, description: `A symbol per value of the field (value kinds with symbols: ${ICON_KINDS.join(', ')})` },
);

/** A record of the session shown above the inputs: its symbol and its name. */
export const SessionShowsSchema = Type.Object(
  {
    session: describe(SessionName, 'The record shown (e.g. method: the method the code is asked of)'),
    label: describe(FieldName, 'Its field shown as its name'),
    icon: Type.Optional(KindSymbol),
    testId: TestId,
  },
  { additionalProperties: false },
);

/** The options of a list of the session, one button each: choosing one sets the session value and goes on. */
export const SessionChoiceSchema = Type.Object(
  {
    options: describe(SessionName, 'The list offered (e.g. methods)'),
    sets: describe(SessionName, 'The session value the chosen option becomes (e.g. method); the option equal to it is shown selected'),
    value: describe(FieldName, 'The field telling the options apart (e.g. Id)'),
    label: describe(FieldName, 'The option\'s name'),
    secondary: Type.Optional(describe(KindSymbol, 'A line under the name: the field\'s value in words')),
    icon: Type.Optional(KindSymbol),
    badge: Type.Optional(
      Type.Object({ field: FieldName, label: TextRefSchema }, { additionalProperties: false, description: 'A chip with the label when the field is true (e.g. the primary method)' }),
    ),
    testId: describe(Type.String({ pattern: '^[a-z][a-z0-9-]*$' }), 'Test id prefix: {testId}-{value}'),
    go: describe(Type.Object({ to: Route }, { additionalProperties: false }), 'Where the choice leads (the page is replaced in the history)'),
  },
  { additionalProperties: false, description: 'Instead of inputs: a choice among the session\'s options' },
);

/** A call beside the submit: a code sent when the page opens (once per sign-in) and again from a link. */
export const SessionSendSchema = Type.Object(
  {
    ...ServiceRef,
    params: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), Type.Union([SessionParamSchema, PreparedParamSchema]), { description: 'Its parameters from the session or the prepare call\'s answer' }),
    when: Type.Optional(SessionConditionSchema),
    onOpen: Type.Optional(Type.Boolean({ description: 'Sent when the page opens, once per sign-in and per parameters (no second mail on a remount)' })),
    link: Type.Object({ label: TextRefSchema, testId: TestId }, { additionalProperties: false, description: 'Sends it again (disabled while sending)' }),
    notice: describe(TextRefSchema, 'A passing notice after the link sent it'),
  },
  { additionalProperties: false },
);

/** The submit sent as the page opens, for pages that act on their route (a provider's return). */
export const FormOpenSchema = Type.Object(
  {
    progress: Type.Object({ text: TextRefSchema, testId: TestId }, { additionalProperties: false, description: 'Said while it runs (role=status), alone on the page' }),
    back: Type.Object({ label: TextRefSchema, to: Route, testId: TestId }, { additionalProperties: false, description: 'After a refusal: the title, the refusal and this button' }),
  },
  { additionalProperties: false, description: 'The submit is sent when the page opens, once per body it sends; there are no inputs' },
);

/** A sign-in with the browser's passkey instead of the inputs. */
export const FormPasskeySchema = Type.Object(
  { label: TextRefSchema, when: Type.Optional(SessionConditionSchema) },
  { additionalProperties: false, description: 'A button signing in with a passkey of the browser (hidden where the browser has none); the sign-in then goes on as done.session says' },
);
