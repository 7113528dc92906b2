/** The record form of a screen definition: one record's settings edited and saved whole. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';

const FormId = Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$' });

const Option = Type.Object({ value: Type.String({ minLength: 1 }), label: TextRefSchema }, { additionalProperties: false });

/** One value of each row of a `rows` field: a select of options or a text. */
const RowFieldSchema = Type.Object(
  {
    field: describe(FieldName, 'A property of each row'),
    id: describe(FormId, 'Test id of its input in row n: {form id}-{id}-{n}'),
    label: TextRefSchema,
    input: Type.Union([Type.Literal('select'), Type.Literal('text')]),
    options: Type.Optional(Type.Array(Option, { minItems: 1, description: 'select: the values offered' })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
    required: Type.Optional(Type.Boolean({ description: 'text: a row with it empty (or blank) keeps the save waiting' })),
    help: Type.Optional(describe(TextRefSchema, 'Under the first row\'s input')),
    grow: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'Its share of the row\'s width on a wide window (default: as wide as it needs)' })),
  },
  { additionalProperties: false },
);

/** A list of the record edited row by row: each row a line of inputs, rows added and removed. */
const RowsSchema = Type.Object(
  {
    fields: Type.Array(RowFieldSchema, { minItems: 1 }),
    newRow: Type.Record(FieldName, Type.Unknown(), { description: 'Values of an added row' }),
    add: describe(TextRefSchema, 'The button adding a row (test id {form id}-{id}-add)'),
    remove: describe(TextRefSchema, 'The accessible name of each row\'s remove button'),
    empty: describe(TextRefSchema, 'Said when there are no rows'),
  },
  { additionalProperties: false },
);

/** A value of the record edited by one input: a switch (true or false), a check list (the ticked options, an array) or rows (a list of objects). */
export const RecordFormFieldSchema = Type.Object(
  {
    field: describe(FieldName, 'A column of the definition (a property of the record); its label is the field\'s'),
    id: describe(FormId, 'Test id of the input: {form id}-{id} (a check list: {form id}-{id}-{value} per option, {form id}-{id}-error)'),
    input: Type.Union([Type.Literal('switch'), Type.Literal('checkList'), Type.Literal('rows')], { description: 'switch: true or false; checkList: the ticked options, sent in the order of options; rows: a list edited row by row (`rows`)' }),
    options: Type.Optional(Type.Array(Option, { minItems: 1, description: 'checkList: the values offered' })),
    rows: Type.Optional(RowsSchema),
    required: Type.Optional(Type.Boolean({ description: 'checkList: at least one must be ticked before the save' })),
  },
  { additionalProperties: false },
);

/**
 * One record (the data source's answer, a user's settings) as a form in a card:
 * its fields edited, saved whole by a method that answers the record as saved;
 * read-only, with a notice, for users who may not change it. A record of the
 * user's own (a context value equal to the signed-in user's id) may need less.
 */
export const RecordFormSchema = Type.Object(
  {
    id: describe(FormId, 'Test id prefix of the form\'s parts'),
    title: Type.Optional(describe(TextRefSchema, 'The card\'s heading')),
    help: Type.Optional(describe(TextRefSchema, 'Under the heading')),
    fields: Type.Array(RecordFormFieldSchema, { minItems: 1 }),
    requires: describe(AccessSchema, 'Who may change any record (the server checks again)'),
    own: Type.Optional(
      Type.Object(
        {
          context: Type.String({ minLength: 1, description: 'The context value that is the signed-in user\'s id when the record is their own' }),
          requires: describe(AccessSchema, 'Who may change their own record'),
        },
        { additionalProperties: false, description: 'One\'s own record may be changed with less' },
      ),
    ),
    readOnly: describe(TextRefSchema, 'Shown to users who may not change the record'),
    loadFailed: describe(TextRefSchema, 'Shown when the record cannot be loaded'),
    save: Type.Object(
      {
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        recordParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path) receiving the record with the fields' }),
        label: describe(TextRefSchema, 'Its button'),
        done: describe(TextRefSchema, 'Shown after the save'),
        refusalInPlace: Type.Optional(Type.Boolean({ description: 'A refused save says why in the form (test id {form id}-error) until the next edit, not as a message' })),
      },
      { additionalProperties: false, description: 'Sends the edited record; its answer is the record as saved' },
    ),
  },
  { additionalProperties: false },
);
