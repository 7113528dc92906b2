/** A standalone form of a screen definition: values typed in, sent by one method, no record behind it. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindingSchema, ServiceRef, TextRefSchema, describe } from './common';
import { ValueKindSchema } from './columns';
import { FormOpenSchema, FormPasskeySchema, PreparedParamSchema, SESSION_VALUES, SessionChoiceSchema, SessionConditionSchema, SessionParamSchema, SessionSendSchema, SessionShowsSchema } from './form-session';

const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });
const ContextName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'Name of a context value (a route parameter, the query, the host\'s)' });
const Route = Type.String({ pattern: '^/', description: 'A route of the app; {name} is a value of the context' });

/** The password policy a new password is checked against, live, by a method naming the rules it breaks. */
export const FormPolicySchema = Type.Object(
  {
    testId: describe(TestId, 'Test ids {testId}-rules (the checklist), {testId}-rule-{rule id} (data-state met, failed, unknown or onSave), {testId}-check-error'),
    title: describe(TextRefSchema, 'The checklist\'s heading'),
    rules: Type.Array(
      Type.Object(
        {
          id: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'The rule as the check names it' }),
          label: describe(TextRefSchema, 'The rule in words; may use the policy\'s values'),
          onSave: Type.Optional(Type.Boolean({ description: 'Judged only when the form is sent (e.g. the password history: answering it live would be a guessing oracle)' })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, description: 'The rules in the order listed' },
    ),
    values: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$' }), Type.Integer(), { description: 'The policy\'s numbers the rules\' texts name (min, max, count)' })),
    check: Type.Object(
      {
        ...ServiceRef,
        param: Type.String({ minLength: 1, description: 'Parameter receiving the typed password' }),
        params: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), ParamBindingSchema, { description: 'Other parameters from the context (e.g. a reset link\'s token)' })),
        failedPath: Type.String({ minLength: 1, description: 'The answer\'s list of broken rules' }),
        ruleField: Type.String({ minLength: 1, description: 'The rule id of an entry of that list' }),
      },
      { additionalProperties: false, description: 'Asked a moment after the last keystroke; its refusal (the server\'s text) is shown under the checklist' },
    ),
  },
  { additionalProperties: false },
);

/** One input of the form; its label is its column's. */
export const FormInputSchema = Type.Object(
  {
    field: describe(FieldName, 'A column of the definition (its label is the input\'s), and the name submit.params binds'),
    input: Type.Union(
      [
        Type.Literal('text'),
        Type.Literal('email'),
        Type.Literal('password'),
        Type.Literal('newPassword'),
        Type.Literal('oneTimeCode'),
        Type.Literal('textarea'),
        Type.Literal('switch'),
        Type.Literal('idList'),
        Type.Literal('choice'),
        Type.Literal('duration'),
        Type.Literal('qrCode'),
        Type.Literal('secret'),
      ],
      {
        description:
          'text; email (an address, said invalid while it is none); password (with show/hide); newPassword (with show/hide, the policy\'s checklist and a confirmation that must match); oneTimeCode (digits only, filled at `length` digits, emptied and focused after a refusal); textarea (lines, with a count of maxLength); switch (true or false); idList (whole numbers separated by commas or spaces, sent as a list); choice (one of options, as radio buttons); duration (a whole number and a unit, sent in seconds); qrCode (shown, not typed: the QR code of a value the prepare call answered, its label the line above it); secret (shown, not typed: a key the prepare call answered, in groups of four, with a copy button)',
      },
    ),
    length: Type.Optional(Type.Integer({ minimum: 4, maximum: 10, description: 'oneTimeCode: its digits (default 6)' })),
    help: Type.Optional(describe(TextRefSchema, 'A line under the input')),
    lead: Type.Optional(describe(TextRefSchema, 'A line above the input')),
    prepared: Type.Optional(describe(FieldName, 'qrCode, secret: the field of the prepare call\'s answer shown (a placeholder until it answered)')),
    alt: Type.Optional(describe(TextRefSchema, 'qrCode: the image\'s text for screen readers')),
    copy: Type.Optional(
      Type.Object({ label: describe(TextRefSchema, 'The copy button\'s name'), notice: describe(TextRefSchema, 'A passing notice once copied') }, { additionalProperties: false, description: 'secret: a button copying it' }),
    ),
    invalid: Type.Optional(describe(TextRefSchema, 'email: under the input while the typed text is no address')),
    startsWith: Type.Optional(describe(ContextName, 'The value it opens with, from the context (still editable; e.g. userEmail, the signed-in user\'s address)')),
    shownWhen: Type.Optional(
      Type.Object(
        { field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Boolean()]), { minItems: 1 }) },
        { additionalProperties: false, description: 'Shown (and needed) only while that field of the form has one of these values (a switch: true or false); null is sent meanwhile' },
      ),
    ),
    options: Type.Optional(
      Type.Array(
        Type.Object(
          {
            value: Type.Union([Type.String({ minLength: 1 }), Type.Integer()], { description: 'What is sent when it is chosen' }),
            label: TextRefSchema,
            testId: Type.Optional(TestId),
            field: Type.Optional(describe(FieldName, 'Another field of the form drawn beside it: its value is sent instead, and editing it chooses this option')),
          },
          { additionalProperties: false },
        ),
        { minItems: 2, description: 'choice: the options, the first chosen at the start unless `default` names another' },
      ),
    ),
    default: Type.Optional(Type.Union([Type.String(), Type.Integer()], { description: 'choice: the option chosen at the start; duration: the number at the start' })),
    units: Type.Optional(
      Type.Array(Type.Object({ value: Type.String({ pattern: '^[a-z]+$' }), label: TextRefSchema, seconds: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }), {
        minItems: 1,
        description: 'duration: the units offered (the first at the start), each with its length in seconds',
      }),
    ),
    unitLabel: Type.Optional(describe(TextRefSchema, 'duration: the unit picker\'s name')),
    min: Type.Optional(Type.Integer({ minimum: 0, description: 'duration: the fewest seconds (default 1)' })),
    max: Type.Optional(Type.Integer({ minimum: 1, description: 'duration: the most seconds' })),
    testId: describe(TestId, 'The input\'s test id'),
    autoComplete: Type.Optional(
      Type.Union([Type.Literal('username'), Type.Literal('email'), Type.Literal('current-password'), Type.Literal('new-password'), Type.Literal('one-time-code'), Type.Literal('off')], {
        description: 'The browser\'s and password managers\' hint (newPassword: new-password always)',
      }),
    ),
    autoFocus: Type.Optional(Type.Boolean()),
    context: Type.Optional(describe(ContextName, 'text: shown read-only with this context value (e.g. the user name a reset link names, for password managers)')),
    trim: Type.Optional(Type.Boolean({ description: 'text: sent without leading and trailing spaces (spaces alone count as empty)' })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4096, description: 'Default 256 for text, 1024 for passwords' })),
    confirm: Type.Optional(
      Type.Object(
        { label: TextRefSchema, testId: TestId, mismatch: describe(TextRefSchema, 'Under the confirmation while it differs') },
        { additionalProperties: false, description: 'newPassword: the password typed again' },
      ),
    ),
    policy: Type.Optional(describe(FormPolicySchema, 'newPassword: the rules, ticked live')),
  },
  { additionalProperties: false },
);

/** Where the form leads: the route the context names (a `redirect` query), when it is one of the app's or the main app's (#/…), else `to`. */
export const FormDestinationSchema = Type.Object(
  {
    redirect: Type.Optional(describe(ContextName, 'A context value holding where to go (refused unless a path of this app, /…, or a hash route of the main app, #/…)')),
    to: Type.Optional(describe(Route, 'Where to go without it; default the start page')),
  },
  { additionalProperties: false },
);

/** A submit parameter's value: a field of the form, or a context value or constant (like every binding). */
export const FormParamSchema = Type.Union([
  Type.Object({ field: describe(FieldName, 'A field of the form (its typed text)') }, { additionalProperties: false }),
  describe(SessionParamSchema, 'A value of the sign-in in progress (the user name and password waiting for a code, method.Id)'),
  PreparedParamSchema,
  ParamBindingSchema,
]);

/**
 * A call before the submit whose answer the form keeps (`{ "prepared": field }` in the submit's and send's parameters,
 * the qrCode and secret inputs): sent as the page opens (once per visit), or as the form's first stage — its
 * `fields` and its button; those fields are read-only afterwards, the others, the submit and the send link follow.
 */
export const FormPrepareSchema = Type.Object(
  {
    ...ServiceRef,
    params: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' }), Type.Union([Type.Object({ field: FieldName }, { additionalProperties: false }), ParamBindingSchema]), {
      description: 'Body parameters by dotted path: a field of its stage, a context value or a constant',
    }),
    then: Type.Optional(
      Type.Object(
        { ...ServiceRef, params: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), PreparedParamSchema) },
        { additionalProperties: false, description: 'A second call with the first one\'s answer (e.g. mailing a code to the method just set up); the stage ends when both answered' },
      ),
    ),
    onOpen: Type.Optional(Type.Literal(true, { description: 'Sent as the page opens (no stage of its own); its refusal is the form\'s' })),
    fields: Type.Optional(Type.Array(FieldName, { minItems: 1, description: 'The first stage\'s inputs (fields of the form)' })),
    label: Type.Optional(describe(TextRefSchema, 'The first stage\'s button')),
    testId: Type.Optional(describe(TestId, 'The first stage\'s button (default {id}-prepare)')),
  },
  { additionalProperties: false },
);

/**
 * A form standing alone (a password reset, a password change): a card's inputs, sent by one method when every
 * input is filled; the server's refusal is shown in place; on success a message in place, or a notice and a route.
 */
export const FormSchema = Type.Object(
  {
    id: describe(TestId, 'Test ids {id}-submit, {id}-error (the refusal), {id}-done (the message in place), {id}-cancel'),
    fields: Type.Array(FormInputSchema, { description: 'The inputs (none with open or choice)' }),
    session: Type.Optional(
      Type.Object(
        {
          needs: Type.Union(SESSION_VALUES.map((name) => Type.Literal(name))),
          otherwise: FormDestinationSchema,
        },
        { additionalProperties: false, description: 'A step of the sign-in: without this value of the sign-in in progress (a fresh browser) the page goes `otherwise`' },
      ),
    ),
    intro: Type.Optional(
      Type.Array(
        Type.Object(
          {
            when: Type.Optional(SessionConditionSchema),
            text: TextRefSchema,
            values: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), FieldName, { description: 'Placeholders of the text: a field of the form (its typed text, trimmed)' })),
          },
          { additionalProperties: false },
        ),
        {
        minItems: 1,
        description: 'A line above the inputs: the first whose condition holds',
      }),
    ),
    shows: Type.Optional(SessionShowsSchema),
    prepare: Type.Optional(FormPrepareSchema),
    choice: Type.Optional(SessionChoiceSchema),
    submit: Type.Optional(
      Type.Object(
        {
          ...ServiceRef,
          params: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' }), FormParamSchema, { description: 'Body parameters by dotted path' }),
          label: describe(TextRefSchema, 'Its button'),
          testId: Type.Optional(describe(TestId, 'Its button\'s test id (default {id}-submit)')),
          when: Type.Optional(describe(SessionConditionSchema, 'The inputs and the submit only while it holds (else e.g. the passkey)')),
          labelWhen: Type.Optional(
            Type.Array(
              Type.Object({ field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Integer(), Type.Boolean()]), { minItems: 1 }), label: TextRefSchema }, { additionalProperties: false }),
              { minItems: 1, description: 'Another label while a field has one of these values (the first that holds; a choice: its option\'s value)' },
            ),
          ),
          requires: Type.Optional(describe(AccessSchema, 'Who may send it; others see the inputs, the readOnly notice and the button disabled (the method must accept it, checked)')),
          readOnly: Type.Optional(describe(TextRefSchema, 'Said to whom requires refuses')),
        },
        { additionalProperties: false },
      ),
    ),
    open: Type.Optional(FormOpenSchema),
    send: Type.Optional(SessionSendSchema),
    passkey: Type.Optional(FormPasskeySchema),
    help: Type.Optional(describe(TextRefSchema, 'A line under the title of a form drawn without a page (in its card)')),
    state: Type.Optional(
      Type.Object(
        {
          load: Type.Object({ ...ServiceRef, path: Type.Optional(describe(FieldName, 'The part of the answer that is the state')) }, { additionalProperties: false }),
          field: describe(FieldName, 'The state\'s value, in its value kind\'s words'),
          valueKind: ValueKindSchema,
          severities: Type.Record(Type.String({ minLength: 1 }), Type.Union([Type.Literal('success'), Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')])),
          values: Type.Optional(
            Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), Type.Object({ field: FieldName, type: Type.Union([Type.Literal('date'), Type.Literal('dateTime')]) }, { additionalProperties: false }), {
              description: 'Placeholders of its words: a date of the state',
            }),
          ),
          testId: TestId,
        },
        { additionalProperties: false, description: 'What the form changes, shown above it: read by load at the start, then the submit\'s answer (the same shape)' },
      ),
    ),
    cancel: Type.Optional(describe(TextRefSchema, 'A button beside the submit going `back` (the buttons then stand at the right; without it the submit spans the card)')),
    back: Type.Optional(describe(FormDestinationSchema, 'Where cancel and the unavailable notice\'s button lead')),
    done: Type.Optional(Type.Object(
      {
        session: Type.Optional(
          Type.Object(
            {
              redirect: Type.Optional(describe(ContextName, 'The context value holding where to go at the end (else the one the single sign-on start kept)')),
              refresh: Type.Optional(
                Type.Literal(true, { description: 'The answer is no sign-in\'s: the host reads the signed-in user again (what the submit changed, e.g. MFA no longer to set up) and goes to redirect, with done.notice' }),
              ),
            },
            { additionalProperties: false, description: 'The answer is a sign-in\'s: the host takes it (a code still needed, MFA to set up, signed in, an identity to link) and goes where it leads' },
          ),
        ),
        message: Type.Optional(describe(TextRefSchema, 'Shown in place of the inputs (the links stay)')),
        testId: Type.Optional(describe(TestId, 'The message\'s test id instead of {id}-done')),
        notice: Type.Optional(describe(TextRefSchema, 'A passing notice, with go or stay')),
        stay: Type.Optional(Type.Literal(true, { description: 'The form stays, emptied again, for the next one (with a notice)' })),
        noticeWhen: Type.Optional(
          Type.Array(Type.Object({ field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Integer(), Type.Boolean()]), { minItems: 1 }), notice: TextRefSchema }, { additionalProperties: false }), {
            minItems: 1,
            description: 'Another notice while a field of the form has one of these values (the first that holds)',
          }),
        ),
        go: Type.Optional(describe(FormDestinationSchema, 'Where to go (the form\'s page is replaced in the history)')),
      },
      { additionalProperties: false, description: 'After the method answered: a message in place, a notice and a route, or the sign-in going on' },
    )),
    unavailable: Type.Optional(
      Type.Object(
        {
          when: describe(ContextName, 'The form is not offered while this context value is set (e.g. impersonatorAccountId: refused while impersonating)'),
          text: TextRefSchema,
          testId: TestId,
          back: describe(TextRefSchema, 'Its button, going `back`'),
        },
        { additionalProperties: false, description: 'Instead of the inputs' },
      ),
    ),
    footer: Type.Optional(
      Type.Array(
        Type.Object(
          {
            label: TextRefSchema,
            go: describe(FormDestinationSchema, 'Where it leads (the form\'s page is replaced in the history)'),
            signOut: Type.Optional(Type.Literal(true, { description: 'Signs out first (the host\'s sign-out)' })),
            when: Type.Optional(SessionConditionSchema),
            testId: Type.Optional(TestId),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, description: 'Buttons at the foot of the form, at its right (e.g. cancel, or sign out while the set-up is mandatory): those whose condition holds' },
      ),
    ),
    links: Type.Optional(
      Type.Array(
        Type.Object(
          {
            label: TextRefSchema,
            to: Route,
            testId: Type.Optional(TestId),
            when: Type.Optional(SessionConditionSchema),
            forget: Type.Optional(Type.Boolean({ description: 'Ends the sign-in in progress first (back to the sign-in)' })),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, description: 'Links under the form (e.g. back to the sign-in)' },
      ),
    ),
  },
  { additionalProperties: false },
);
