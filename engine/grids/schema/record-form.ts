/** The record form of a screen definition: one record's settings edited and saved whole. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';

const FormId = Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$' });

/** A value of the record edited by one input: a switch (true or false) or a check list (the ticked options, an array). */
export const RecordFormFieldSchema = Type.Object(
  {
    field: describe(FieldName, 'A column of the definition (a property of the record); its label is the field\'s'),
    id: describe(FormId, 'Test id of the input: {form id}-{id} (a check list: {form id}-{id}-{value} per option, {form id}-{id}-error)'),
    input: Type.Union([Type.Literal('switch'), Type.Literal('checkList')], { description: 'switch: true or false; checkList: the ticked options, sent in the order of options' }),
    options: Type.Optional(Type.Array(Type.Object({ value: Type.String({ minLength: 1 }), label: TextRefSchema }, { additionalProperties: false }), { minItems: 1, description: 'checkList: the values offered' })),
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
      },
      { additionalProperties: false, description: 'Sends the edited record; its answer is the record as saved' },
    ),
  },
  { additionalProperties: false },
);
