/** A record created from a form layout the context names (part of definition-schema.ts). */
import { Type } from '@sinclair/typebox';
import { FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { OptionsSourceSchema } from './pickers';

const ContextName = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'A context value (a route parameter, the query, or one the part sets)' });
const Path = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*$', description: 'Dotted path into an answer' });
/** In a notice: `answer.X` (the source's answer), `row.X` (the picked row), `context.X`. */
const NoticePath = Type.String({ pattern: '^(answer|row|context)(\\.[A-Za-z0-9_]+)+$', description: 'answer.<path> (the source\'s answer), row.<path> (the picked row) or context.<name>' });
const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });
const Call = (description: string) =>
  Type.Object({ ...ServiceRef, params: Type.Optional(ParamBindings) }, { additionalProperties: false, description });

const NoticeValueSchema = Type.Object(
  {
    path: NoticePath,
    currencyPath: Type.Optional(describe(NoticePath, 'The value is money in the currency found there')),
  },
  { additionalProperties: false },
);

/** One piece of a notice's line: a text (maybe chosen by a value) or a value's label by its value kind. */
const NoticePartSchema = Type.Union([
  Type.Object(
    {
      text: describe(TextRefSchema, 'The text (the one used when `by` names no text of `texts`)'),
      values: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), NoticeValueSchema, { description: 'Its {{placeholders}}' })),
      by: Type.Optional(describe(NoticePath, 'A value choosing the text from `texts` (null: the entry "null")')),
      texts: Type.Optional(Type.Record(Type.String({ minLength: 1 }), TextRefSchema, { description: 'Texts by the value of `by`' })),
    },
    { additionalProperties: false },
  ),
  Type.Object({ valueKind: Type.String({ minLength: 1, description: 'A value kind of contract/value-kinds.ts' }), path: NoticePath }, { additionalProperties: false }),
]);

const NoticeConditionSchema = Type.Object(
  {
    path: NoticePath,
    present: Type.Optional(Type.Boolean({ description: 'true: the value is there (not null); false: it is not' })),
    atLeast: Type.Optional(describe(NoticePath, 'The value is a number at least the one found there')),
  },
  { additionalProperties: false },
);

export const LayoutNoticeSchema = Type.Object(
  {
    id: describe(TestId, 'Its test id; a line\'s is {id}-{line id}'),
    source: Call('Called once its parameters have their context values (else the notice is not shown); its answer is `answer`'),
    pick: Type.Optional(
      Type.Object(
        {
          rows: describe(Path, 'The answer\'s list'),
          field: FieldName,
          equals: describe(ContextName, 'The row whose field equals this context value is `row`'),
        },
        { additionalProperties: false, description: 'One row of the answer' },
      ),
    ),
    missing: Type.Optional(describe(TextRefSchema, 'Said (a warning) when `pick` finds no row; without it no notice')),
    when: Type.Optional(Type.Array(NoticeConditionSchema, { minItems: 1, description: 'Shown only when all hold' })),
    tone: Type.Union([Type.Literal('info'), Type.Literal('warning')]),
    icon: Type.Optional(Type.Boolean({ description: 'false: no icon (default true)' })),
    lines: Type.Array(
      Type.Object(
        {
          id: Type.Optional(TestId),
          style: Type.Union([Type.Literal('title'), Type.Literal('figure'), Type.Literal('body'), Type.Literal('caption')], { description: 'title: small heading; figure: large; body: text; caption: secondary' }),
          parts: Type.Array(NoticePartSchema, { minItems: 1, description: 'Joined with ·' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false, description: 'A notice above the form, from a call\'s answer' },
);

/**
 * A new record from a form layout: the kind of record (a row of the data source named by a context value, e.g. an
 * account type by its route segment) names the layout; a value a kind's layout depends on (the product of a
 * subscription) is chosen first; the parent comes from the context; the create call gets the form's values and
 * its answer's route opens.
 */
export const LayoutCreateSchema = Type.Object(
  {
    testId: describe(TestId, 'Test id of the screen'),
    kind: Type.Object(
      {
        context: describe(ContextName, 'The context value naming the kind (the route\'s parameter)'),
        match: describe(FieldName, 'The data source\'s row whose field equals it'),
        value: describe(FieldName, 'The row\'s field that is the kind (becomes the context value `as`)'),
        as: ContextName,
        label: describe(FieldName, 'The row\'s field naming the kind ({{type}} of the title\'s fallback)'),
        allowed: Type.Optional(describe(FieldName, 'A row whose field is not true is not offered: not found')),
      },
      { additionalProperties: false },
    ),
    variant: Type.Optional(
      Type.Object(
        {
          kinds: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: 'The kinds whose layout depends on it' }),
          context: describe(ContextName, 'The context (query) value holding it; chosen first while missing'),
          options: OptionsSourceSchema,
          label: TextRefSchema,
          continue: describe(TextRefSchema, 'The button that sets it'),
          testId: describe(TestId, 'Test ids {testId}-picker and {testId}-continue'),
          prefill: describe(Path, 'The form value it fills (view.field)'),
        },
        { additionalProperties: false, description: 'A value some kinds\' layouts depend on (a product), chosen before the form' },
      ),
    ),
    parent: Type.Object(
      {
        contexts: Type.Array(ContextName, { minItems: 1, description: 'The first present is the parent; not a whole number: not found' }),
        required: Type.Optional(describe(ContextName, 'A context value that, when present, must be a whole number (the route\'s parent)')),
        as: ContextName,
        load: Call('Loads the parent (its name under the title)'),
        nameField: describe(Path, 'Its name in the answer'),
        failed: describe(TextRefSchema, 'Said when it cannot be loaded'),
      },
      { additionalProperties: false },
    ),
    layout: Call('Answers the form layout (the context has the kind, the parent and the variant)'),
    title: Type.Object(
      {
        prefix: Type.String({ pattern: '^[A-Za-z][\\w-]*(\\.[\\w-]+)*$', description: 'Text key prefix: {prefix}.{kind} is the title when the locales have it' }),
        fallback: describe(TextRefSchema, 'Else this ({{type}}: the kind\'s label); ": {variant}" follows'),
        under: describe(TextRefSchema, 'The line under it ({{name}}: the parent\'s name)'),
      },
      { additionalProperties: false },
    ),
    notices: Type.Optional(Type.Array(LayoutNoticeSchema)),
    create: Type.Object(
      {
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        valuesParam: Type.String({ minLength: 1, description: 'Body parameter receiving the form\'s values' }),
        nameField: describe(Path, 'The new record\'s name in the answer ({{name}} of done)'),
        done: TextRefSchema,
        open: Type.String({ pattern: '^/', description: 'The route opened after it, {Field} from the answer' }),
        label: describe(TextRefSchema, 'The submit button'),
      },
      { additionalProperties: false },
    ),
    cannotCreate: describe(TextRefSchema, 'Said when the layout lets the user fill in nothing'),
    notFound: Type.Object(
      { title: TextRefSchema, text: TextRefSchema, home: describe(TextRefSchema, 'A button to the start page') },
      { additionalProperties: false, description: 'Shown for an unknown kind or parent (test id not-found)' },
    ),
  },
  { additionalProperties: false },
);
