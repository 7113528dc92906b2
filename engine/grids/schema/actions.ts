/** The actions of a screen definition: buttons on the selected rows, their reason forms, create forms and secrets shown once. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';

export const ReasonFormSchema = Type.Object(
  {
    param: Type.String({ minLength: 1, description: 'Body parameter (dotted path allowed) that receives the reason' }),
    label: TextRefSchema,
    required: Type.Optional(Type.Boolean()),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000 })),
  },
  { additionalProperties: false, description: 'Asks for a reason before the call' },
);

/** A secret in a call's answer, shown once with a copy button (the server keeps only its hash): a new token, a signing secret. */
export const ShownOnceSchema = Type.Object(
  {
    field: Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Property (dotted path) of the answer holding the secret' }),
    nameField: Type.Optional(Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Property (dotted path) of the answer named by {{name}} in the title' })),
    title: describe(TextRefSchema, 'Heading; may use {{name}}'),
    warning: describe(TextRefSchema, 'Why it must be copied now'),
    label: describe(TextRefSchema, 'Label of the read-only field holding the secret'),
  },
  { additionalProperties: false, description: 'Show a secret of the answer once, with a copy button; only the Done button closes it' },
);

/** A field of a create form, sent as one body parameter. */
export const FormFieldSchema = Type.Object(
  {
    param: Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Body parameter (dotted path) receiving the value' }),
    label: TextRefSchema,
    help: Type.Optional(TextRefSchema),
    input: Type.Union(['text', 'number', 'list', 'select', 'checkList', 'heldCapabilities', 'dateTime', 'file'].map((input) => Type.Literal(input)), {
      description:
        'text: trimmed text; number: a decimal typed in the page\'s language ("1.234,5" in German; left out when empty); list: texts separated by commas or spaces (an array, left out when empty); select: one of options; checkList: the ticked options (an array); heldCapabilities: flags of the capabilities the signed-in user holds ([{ObjectType, Read?, Execute?, Create?, Delete?}]); dateTime: a day and time (ISO, left out when empty); file: a picked file, base64 (see file)',
    }),
    required: Type.Optional(Type.Boolean({ description: 'The form cannot be sent without a value (checkList, heldCapabilities: at least one ticked)' })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000, description: 'text, list: longest text' })),
    placeholder: Type.Optional(Type.String({ maxLength: 200, description: 'An example shown in the empty input (not translated: a URL, an address)' })),
    options: Type.Optional(
      Type.Array(
        Type.Object(
          {
            value: Type.Union([Type.String(), Type.Number()]),
            label: TextRefSchema,
            requires: Type.Optional(describe(AccessSchema, 'Offered only to whom holds it (the server checks again)')),
            hint: Type.Optional(
              Type.Object(
                { text: TextRefSchema, values: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$' }), Type.String({ maxLength: 500 }), { description: 'Placeholder → a fixed value (not translated: column names)' })) },
                { additionalProperties: false, description: 'select: a line under the field while this option is chosen' },
              ),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, description: 'select, checkList: the values offered' },
      ),
    ),
    file: Type.Optional(
      Type.Object(
        {
          nameParam: Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Body parameter receiving the file name' }),
          extensions: Type.Array(Type.String({ pattern: '^[a-z0-9]{1,10}$' }), { minItems: 1, uniqueItems: true, description: 'File types accepted (lower case, without the dot)' }),
          refused: describe(TextRefSchema, 'Shown when the picked file is of another type (the form cannot be sent)'),
          preview: Type.Optional(Type.Boolean({ description: 'Show the first rows of a CSV or Excel file, cells that start like a formula marked' })),
          nameInto: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'A text field (its param) that takes the file name without its extension while empty' })),
        },
        { additionalProperties: false, description: 'file: how the picked file is sent and shown' },
      ),
    ),
    default: Type.Optional(Type.Unknown({ description: 'The value the form opens with (select: one value; checkList: an array of values)' })),
    optionsFrom: Type.Optional(
      Type.Object(
        { ...ServiceRef, params: Type.Optional(ParamBindings), valueField: Type.Optional(FieldName), labelField: Type.Optional(FieldName) },
        { additionalProperties: false, description: 'select: the options a method answers (an array of values, or of rows: valueField, labelField), instead of options' },
      ),
    ),
    lines: Type.Optional(Type.Integer({ minimum: 2, maximum: 12, description: 'text: a multi-line input of at least this many lines' })),
    nonZero: Type.Optional(Type.Boolean({ description: 'number: zero is refused (an amount that may be negative but not nothing)' })),
    invalid: Type.Optional(describe(TextRefSchema, 'number: shown under the field, instead of help, while the text is no number (or zero with nonZero); the form cannot be sent')),
  },
  { additionalProperties: false },
);

/** A button above the rows opening a form whose answer adds a row (a new token, a new endpoint), its secret shown once. */
export const CreateFormSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
    label: describe(TextRefSchema, 'The button opening the form'),
    title: describe(TextRefSchema, 'Heading of the form'),
    help: Type.Optional(describe(TextRefSchema, 'Shown beside the button')),
    requires: Type.Optional(describe(AccessSchema, 'Who sees the button (the server checks again)')),
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    fields: Type.Array(FormFieldSchema, { minItems: 1 }),
    submitLabel: TextRefSchema,
    shownOnce: Type.Optional(ShownOnceSchema),
    done: Type.Optional(describe(TextRefSchema, 'Said after the call')),
    openAfter: Type.Optional(Type.String({ pattern: '^/', description: 'Opened after the call: a route of the app; {Field} is a field of the answer (its new id)' })),
    openRow: Type.Optional(describe(FieldName, 'After the call the detail panel of the new row opens: the field of the answer holding its id')),
    icon: Type.Optional(Type.String({ description: 'Icon of the button (as actions name them, e.g. UploadFile); default a plus' })),
    downloads: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
            label: TextRefSchema,
            ...ServiceRef,
            fields: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), Type.String({ minLength: 1 }), { description: 'Body parameter ← a field of the form (its param)' }),
          },
          { additionalProperties: false },
        ),
        { description: 'Buttons in the form downloading a file a method answers for the values chosen (a template)' },
      ),
    ),
  },
  { additionalProperties: false, description: 'A form creating a row; the rows reload after it' },
);

export const ActionSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
    label: TextRefSchema,
    icon: Type.Optional(Type.String({ description: 'MUI icon name, e.g. Replay, Cancel, CheckCircle, Escalator, Send' })),
    ...ServiceRef,
    ids: Type.Object(
      {
        param: Type.String({ minLength: 1, description: 'Body parameter (dotted path allowed) receiving the selected ids' }),
        as: Type.Union([Type.Literal('list'), Type.Literal('single')], { description: 'list: one call with every id; single: one call per id' }),
      },
      { additionalProperties: false },
    ),
    params: Type.Optional(ParamBindings),
    scope: Type.Union([Type.Literal('row'), Type.Literal('bulk'), Type.Literal('both')], { description: 'On one row, on the selected rows, or both' }),
    requires: AccessSchema,
    enabledWhen: Type.Optional(
      Type.Object(
        { field: FieldName, in: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]))), notIn: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]))) },
        { additionalProperties: false, description: 'Rows the action applies to (the server still decides)' },
      ),
    ),
    confirmation: Type.Optional(
      Type.Object(
        {
          title: TextRefSchema,
          text: describe(TextRefSchema, 'May use {{count}}, the number of selected rows'),
          confirmLabel: Type.Optional(TextRefSchema),
          destructive: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    reasonForm: Type.Optional(ReasonFormSchema),
    result: Type.Optional(Type.Union([Type.Literal('bulk'), Type.Literal('none')], { description: 'bulk: the result lists Succeeded ids and Failed {Id, Message}' })),
    refresh: Type.Array(Type.Union([Type.Literal('rows'), Type.Literal('metadata')]), { description: 'What to reload afterwards' }),
    shownOnce: Type.Optional(describe(ShownOnceSchema, 'A row action (ids.as single) whose answer holds a secret: shown once after the call')),
  },
  { additionalProperties: false },
);
