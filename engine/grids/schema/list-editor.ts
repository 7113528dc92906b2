/** The list editor of a screen definition (edited rows sent as a whole). (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, ConflictSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';

/** A field of an edited list row (a column): one value of fixed options, several of a list in the loaded answer, or tags (offered from a list, new ones typed). */
export const ListFieldSchema = Type.Object(
  {
    field: describe(FieldName, 'A column of the definition; its label is the field\'s'),
    input: Type.Union([Type.Literal('select'), Type.Literal('many'), Type.Literal('tags')], { description: 'select: one of options; many: several of optionsFrom; tags: texts, optionsFrom offered' }),
    options: Type.Optional(Type.Array(Type.Object({ value: Type.String({ minLength: 1 }), label: TextRefSchema }, { additionalProperties: false }), { minItems: 1, description: 'select: the values offered' })),
    optionsFrom: Type.Optional(
      Type.Object(
        {
          path: describe(FieldName, 'Property of the data source\'s answer holding the options'),
          valueField: Type.Optional(describe(FieldName, 'many: field of an option that is its value')),
          labelField: Type.Optional(describe(FieldName, 'many: field of an option shown as its text')),
        },
        { additionalProperties: false, description: 'Options read from the loaded answer (many: objects; tags: texts)' },
      ),
    ),
    placeholder: Type.Optional(describe(TextRefSchema, 'Shown while nothing is chosen (e.g. every vendor)')),
  },
  { additionalProperties: false },
);

/** A call of the list editor sending the rows as they are edited. */
const ListCallSchema = {
  ...ServiceRef,
  params: Type.Optional(ParamBindings),
  rowsParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path) receiving the rows, each with the fields of `fields` and the row id' }),
  label: describe(TextRefSchema, 'Its button'),
};

/**
 * Rows edited as one list (a pricelist's propagation filters): added and
 * removed by the user, saved together (a refused save may be confirmed and
 * sent again), previewed by a method answering rows, and a run action asking
 * first with the count the preview gives, its job followed by the screen.
 */
export const ListEditorSchema = Type.Object(
  {
    help: Type.Optional(TextRefSchema),
    empty: Type.Optional(describe(TextRefSchema, 'Shown when there are no rows')),
    unsaved: Type.Optional(describe(TextRefSchema, 'Shown while edits are not saved')),
    requires: describe(AccessSchema, 'Who may add, change, remove and save rows and run (the server checks again)'),
    addLabel: TextRefSchema,
    removeLabel: TextRefSchema,
    newRow: Type.Record(FieldName, Type.Unknown(), { description: 'Values of a new row' }),
    fields: Type.Array(ListFieldSchema, { minItems: 1 }),
    save: Type.Object(
      {
        ...ListCallSchema,
        done: describe(TextRefSchema, 'Shown after the save'),
        conflict: Type.Optional(ConflictSchema),
      },
      { additionalProperties: false },
    ),
    preview: Type.Object(
      {
        ...ListCallSchema,
        countField: describe(FieldName, 'Field of the answer counting every row it would give'),
        total: describe(TextRefSchema, 'Heading of the preview; {{count}} is countField'),
        rowsPath: describe(FieldName, 'Property of the answer holding the rows shown'),
        rowId: FieldName,
        currencyField: Type.Optional(describe(FieldName, 'Field of the answer naming the currency of money columns')),
        columns: Type.Array(
          Type.Object({ field: FieldName, label: TextRefSchema, type: Type.Union([Type.Literal('text'), Type.Literal('money')]) }, { additionalProperties: false }),
          { minItems: 1 },
        ),
      },
      { additionalProperties: false, description: 'What the edited rows would give, counted and shown as a table' },
    ),
    run: Type.Object(
      {
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        label: TextRefSchema,
        confirm: Type.Object(
          {
            title: TextRefSchema,
            text: describe(TextRefSchema, 'Names {{count}} (the preview\'s count of the saved rows) and any of values'),
            values: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), Type.String({ minLength: 1 }), { description: 'Placeholder → context value' })),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false, description: 'Acts on the saved rows (offered while nothing is unsaved); its answer (a job) is followed by the screen' },
    ),
    links: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$' }), label: TextRefSchema, to: Type.String({ pattern: '^/', description: 'Route; {name} stands for a context value' }) },
          { additionalProperties: false },
        ),
        { description: 'Buttons opening other screens with the context (e.g. the pricelist\'s prices)' },
      ),
    ),
  },
  { additionalProperties: false },
);
