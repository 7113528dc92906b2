/** The row form of a screen definition: one row of a list the method stores whole, edited in a dialog with a live preview. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { ValueKindSchema } from './columns';
import { AccessSchema, ConflictSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { RecordConditionSchema } from './record-page';

const Value = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

/** A field of the edited row. */
export const RowFormFieldSchema = Type.Object(
  {
    field: describe(FieldName, 'Property of the row the field edits (sent under this name)'),
    label: TextRefSchema,
    input: Type.Union(['text', 'integer', 'number', 'select', 'suggest', 'switch', 'checkList', 'capabilities'].map((input) => Type.Literal(input)), {
      description:
        'text: trimmed, empty as null; integer / number: a whole or decimal number (a comma is a decimal point); select: one of the options, or none (null) when emptyLabel is given; suggest: a text typed or chosen among optionsFrom; switch: true or false; checkList: the ticked values (a list, in the order offered); capabilities: capability entries ([{ObjectType, ServiceName?, Value?, Read?, Execute?, Create?, Delete?}]) as a table of flags: the flags the signed-in user holds may be given, those stored may stay or go, object types added by name',
    }),
    lines: Type.Optional(Type.Integer({ minimum: 2, maximum: 12, description: 'text: a multi-line input of at least this many lines' })),
    valueKind: Type.Optional(describe(ValueKindSchema, 'text: a stored value of this kind reads in the user\'s words and is sent back as stored unless changed (a seeded name)')),
    optionsCall: Type.Optional(
      Type.Object(
        {
          ...ServiceRef,
          params: Type.Optional(ParamBindings),
          rowParams: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' }), FieldName, { description: 'Body parameter ← field of the opened row (a new row: the params\' value)' })),
          rowsPath: Type.Optional(describe(FieldName, 'Property of the answer holding the rows; default the answer itself')),
          valueField: FieldName,
          labelField: FieldName,
          labelKind: Type.Optional(describe(ValueKindSchema, 'The label is a stored value of this kind')),
        },
        { additionalProperties: false, description: 'checkList: the options a method answers (a list of rows), called when the dialog opens; a ticked value it does not offer stays shown as #value' },
      ),
    ),
    emptyAsNull: Type.Optional(Type.Boolean({ description: 'checkList: none ticked is sent as null' })),
    inline: Type.Optional(Type.Boolean({ description: 'checkList: the options side by side' })),
    required: Type.Optional(Type.Boolean({ description: 'The save waits for a value (checkList: one ticked)' })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000, description: 'text, suggest: longest text' })),
    min: Type.Optional(Type.Number({ description: 'integer, number: smallest value' })),
    options: Type.Optional(Type.Array(Type.Object({ value: Type.Union([Type.String(), Type.Number()]), label: TextRefSchema }, { additionalProperties: false }), { minItems: 1, description: 'select, checkList: the values offered' })),
    optionsFrom: Type.Optional(
      Type.Object(
        {
          path: describe(FieldName, 'Property of the preview\'s answer holding rows'),
          valueField: describe(FieldName, 'Field of such a row that is the option\'s value'),
          labelField: Type.Optional(describe(FieldName, 'select: field shown as its text')),
        },
        { additionalProperties: false, description: 'select, suggest: the distinct values of the rows the preview answers (the stored value is offered too)' },
      ),
    ),
    emptyLabel: Type.Optional(describe(TextRefSchema, 'select: the choice of no value (sent as null), e.g. Any')),
    help: Type.Optional(TextRefSchema),
    helpWhen: Type.Optional(
      Type.Array(Type.Object({ when: RecordConditionSchema, text: TextRefSchema }, { additionalProperties: false }), {
        minItems: 1,
        description: 'Help for a stored row the condition holds for, instead of help (the first that holds)',
      }),
    ),
    optionHelp: Type.Optional(Type.String({ pattern: '^[A-Za-z][\\w-]*(\\.[\\w-]+)*\\.$', description: 'select: the chosen option\'s help is the text key of this prefix and the value without non-letters' })),
    lockedWhen: Type.Optional(describe(RecordConditionSchema, 'Read-only for a stored row this holds for (e.g. the default row)')),
    shownWhen: Type.Optional(describe(RecordConditionSchema, 'Shown and sent only while this holds for the form\'s values')),
    whenHidden: Type.Optional(describe(Value, 'Sent while shownWhen does not hold; default the stored value')),
    suffix: Type.Optional(
      Type.Array(
        Type.Object(
          {
            when: Type.Optional(RecordConditionSchema),
            text: Type.Optional(describe(TextRefSchema, 'A text (e.g. %)')),
            listField: Type.Optional(describe(FieldName, 'Field of the list\'s answer (e.g. its Currency)')),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, description: 'integer, number: the unit after the value, the first whose condition holds for the form\'s values' },
      ),
    ),
  },
  { additionalProperties: false },
);

const BodyPath = Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' });

/** A call sending the whole list, with the edited row in its place. */
const ListCall = {
  ...ServiceRef,
  params: Type.Optional(ParamBindings),
  rowsParam: describe(BodyPath, 'Body parameter (dotted path) receiving every row: its id and the form\'s fields'),
};

export const RowFormPreviewColumnSchema = Type.Object(
  {
    field: FieldName,
    label: TextRefSchema,
    type: Type.Union([Type.Literal('text'), Type.Literal('money')]),
    currencyField: Type.Optional(describe(FieldName, 'money: field of the preview row naming its currency')),
    emphasis: Type.Optional(Type.Boolean({ description: 'Bold in the rows the edited row gives (the marked ones)' })),
  },
  { additionalProperties: false },
);

/**
 * A row of a list the method stores whole (a pricelist's pricing rules), added with a button above the rows or
 * opened from a row, edited in a dialog: the save sends the whole list with the edited row in its place (or added,
 * or removed), and the preview shows what the list would give while the row is typed.
 */
export const RowFormSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
    addLabel: describe(TextRefSchema, 'The button adding a row'),
    addTitle: describe(TextRefSchema, 'Heading of the dialog for a new row'),
    editTitle: describe(TextRefSchema, 'Heading for a stored row; {{name}} is its titleField'),
    titleField: FieldName,
    requires: describe(AccessSchema, 'Who may add, change and remove rows; others open a row read-only (the server checks again)'),
    addRequires: Type.Optional(describe(AccessSchema, 'Who may add a row (default requires)')),
    readOnlyWhen: Type.Optional(describe(RecordConditionSchema, 'A stored row this holds for opens read-only')),
    viewTitle: Type.Optional(describe(TextRefSchema, 'Heading of a row opened read-only; {{name}} is its titleField (default editTitle)')),
    width: Type.Optional(Type.Union([Type.Literal('sm'), Type.Literal('md'), Type.Literal('lg')], { description: 'The dialog\'s width (default sm, lg with a preview)' })),
    list: Type.Optional(Type.Object(
      {
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        rowsPath: describe(FieldName, 'Property of the answer holding every row'),
      },
      { additionalProperties: false, description: 'rowsParam: the whole list the save replaces (the grid may show fewer rows: a search), loaded when the dialog opens' },
    )),
    fields: Type.Array(RowFormFieldSchema, { minItems: 1 }),
    newRow: Type.Record(FieldName, Value, { description: 'Values of a new row' }),
    nextValue: Type.Optional(
      Type.Object(
        {
          field: FieldName,
          step: Type.Integer({ minimum: 1 }),
          under: Type.Optional(describe(RecordConditionSchema, 'Rows that keep the highest values: the new value stays below theirs')),
        },
        { additionalProperties: false, description: 'A new row\'s value counted on from the highest of the list (e.g. the next priority)' },
      ),
    ),
    save: Type.Object(
      {
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        rowsParam: Type.Optional(describe(BodyPath, 'The list is stored whole: the body parameter receiving every row (its id and the form\'s fields)')),
        rowParam: Type.Optional(describe(BodyPath, 'Each row is stored alone: the body parameter receiving the edited row (its id when stored, and the form\'s fields)')),
        create: Type.Optional(
          Type.Object({ ...ServiceRef, params: Type.Optional(ParamBindings) }, { additionalProperties: false, description: 'rowParam: a new row is sent to this method (with its params) instead' }),
        ),
        conflict: Type.Optional(describe(ConflictSchema, 'A refusal of the save the user may confirm')),
        label: TextRefSchema,
        done: describe(TextRefSchema, 'Said after the save'),
      },
      { additionalProperties: false, description: 'Exactly one of rowsParam and rowParam' },
    ),
    remove: Type.Optional(
      Type.Object(
        {
          label: TextRefSchema,
          when: Type.Optional(describe(RecordConditionSchema, 'Stored rows that may be removed')),
          requires: Type.Optional(describe(AccessSchema, 'Who may remove (default requires)')),
          call: Type.Optional(
            Type.Object(
              { ...ServiceRef, params: Type.Optional(ParamBindings), idParam: describe(BodyPath, 'Body parameter receiving the row\'s id') },
              { additionalProperties: false, description: 'rowParam: the method removing the row (else the list is saved without it)' },
            ),
          ),
          confirmation: Type.Optional(
            Type.Object({ title: TextRefSchema, text: describe(TextRefSchema, '{{name}} is the row\'s titleField'), confirmLabel: TextRefSchema }, { additionalProperties: false, description: 'Asked before the remove' }),
          ),
          conflict: Type.Optional(describe(ConflictSchema, 'A refusal of the remove the user may confirm')),
          done: Type.Optional(describe(TextRefSchema, 'Said after the remove ({{name}}); default the save\'s done')),
        },
        { additionalProperties: false, description: 'A button removing the opened row' },
      ),
    ),
    preview: Type.Optional(
      Type.Object(
        {
          ...ListCall,
          rowsPath: describe(FieldName, 'Property of the answer holding the rows shown'),
          rowKey: Type.Array(FieldName, { minItems: 1, description: 'Fields that together name a preview row' }),
          mark: Type.Object(
            { field: describe(FieldName, 'Field of a preview row'), equalsField: describe(FieldName, 'Field of the form it equals in the rows the edited row gives') },
            { additionalProperties: false, description: 'The rows the edited row gives: shown first and marked' },
          ),
          summary: describe(TextRefSchema, 'Above the table; {{matched}} marked rows of {{total}}'),
          columns: Type.Array(RowFormPreviewColumnSchema, { minItems: 1 }),
        },
        { additionalProperties: false, description: 'What the list would give with the row as typed (sent 300 ms after the last change), as a table' },
      ),
    ),
  },
  { additionalProperties: false },
);
