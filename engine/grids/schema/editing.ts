/** The editing of a grid: who may, how edits are saved, marks and bulk edits. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { EditRuleSchema } from './columns';

/** A bulk edit of the selected rows: a mark, or fields set by expressions over the row and the form's parameters. */
export const BulkEditSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
    label: TextRefSchema,
    form: Type.Optional(
      Type.Array(
        Type.Object(
          { param: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Name the expressions use' }), label: TextRefSchema, rule: EditRuleSchema, unit: Type.Optional(Type.String({ maxLength: 8 })) },
          { additionalProperties: false },
        ),
        { minItems: 1, description: 'Parameters asked in the confirmation dialog' },
      ),
    ),
    set: Type.Optional(Type.Record(FieldName, Type.String({ minLength: 1, maxLength: 500 }), { description: 'Field → expression (row fields PascalCase, form parameters camelCase)' })),
    mark: Type.Optional(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Marks the rows instead (one of editing.marks)' })),
    destructive: Type.Optional(Type.Boolean()),
    confirmation: Type.Optional(describe(TextRefSchema, 'Confirmation text; may use {{count}}; default grids.edit.confirmBulk')),
  },
  { additionalProperties: false },
);

/** Editing of the grid: who may, how edits are saved (param mapping of the save method), marks and bulk edits. */
export const EditingSchema = Type.Object(
  {
    requires: AccessSchema,
    mode: Type.Union([Type.Literal('batch'), Type.Literal('cell')], { description: 'batch: edits are kept until Save (with acknowledge); cell: each valid edit saves at once' }),
    acknowledge: Type.Optional(describe(TextRefSchema, 'batch: a box to tick before saving')),
    save: Type.Object(
      {
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        groupBy: Type.Optional(Type.Object({ field: FieldName, param: Type.String({ minLength: 1 }) }, { additionalProperties: false, description: 'One call per value of the field, which goes into param' })),
        listParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path) receiving the list of entries' }),
        maxPerCall: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, description: 'Entries per call; default 1000' })),
        entry: Type.Unknown({ description: 'Template of one entry: a string "$Field" is the row\'s (edited) value, anything else is sent as is' }),
        result: Type.Optional(Type.Union([Type.Literal('none'), Type.Literal('jobs')], { description: 'jobs: each call answers a job the screen follows until done' })),
      },
      { additionalProperties: false },
    ),
    marks: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
            look: Type.Union([Type.Literal('struckOut'), Type.Literal('edited')]),
            fields: Type.Optional(Type.Array(FieldName, { description: 'edited: the cells highlighted; default the whole row' })),
            entry: Type.Unknown({ description: 'Template of the entry sent for a marked row' }),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    bulk: Type.Optional(Type.Array(BulkEditSchema)),
  },
  { additionalProperties: false },
);
