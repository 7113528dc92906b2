/** The line editor of a screen definition (a quote's lines). (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { ValueKindSchema } from './columns';

/** A part of a caption under a line's chosen value (or under an option offered): a field's text, formatted. */
export const LineCaptionPartSchema = Type.Object(
  {
    field: FieldName,
    type: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('money')], { description: 'money: formatted with currencyField; default text' })),
    currencyField: Type.Optional(FieldName),
    labelPrefix: Type.Optional(Type.String({ minLength: 1, description: 'Text key prefix: the value without spaces is appended (quotes.feeTypes. + per N months → quotes.feeTypes.perNmonths)' })),
    valueKind: Type.Optional(ValueKindSchema),
    text: Type.Optional(describe(TextRefSchema, 'The text shown, with {{value}} (and {{amount}}) standing for the formatted value')),
    values: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), FieldName, { description: 'More values the text may name, each from a field (e.g. months: PeriodMonths)' })),
    skipEmpty: Type.Optional(Type.Boolean({ description: 'Left out when the value is empty, 0 or false' })),
  },
  { additionalProperties: false },
);

const LineConditionSchema = Type.Object(
  { field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { minItems: 1 }) },
  { additionalProperties: false, description: 'Holds when the line\'s field has one of the values' },
);

/**
 * Lines edited on the screen (a quote's products): added, changed and removed
 * by the user and saved by the screen with its header, checked by the columns'
 * editable rules, computed columns and footers per group.
 */
export const LineEditorSchema = Type.Object(
  {
    title: Type.Optional(TextRefSchema),
    empty: Type.Optional(describe(TextRefSchema, 'Shown when there are no lines')),
    waiting: Type.Optional(describe(TextRefSchema, 'Shown instead of empty while the lookup cannot load (its context is missing, e.g. no customer chosen)')),
    note: Type.Optional(describe(TextRefSchema, 'Shown under the lines when there are any (e.g. a term that applies to every line)')),
    requires: describe(AccessSchema, 'Who may add, change and remove lines (the server checks again on save)'),
    addLabel: TextRefSchema,
    removeLabel: TextRefSchema,
    newLine: Type.Record(FieldName, Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { description: 'Values of a new line' }),
    contextFields: Type.Optional(Type.Record(FieldName, Type.String({ minLength: 1 }), { description: 'Line field ← context value, on every line (e.g. Currency ← currency)' })),
    lookup: Type.Object(
      {
        field: describe(FieldName, 'The column whose value is chosen from the options'),
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        rowsPath: Type.Optional(Type.String({ minLength: 1, description: 'Property of the result holding the options; the result itself when absent' })),
        valueField: describe(FieldName, 'Field of an option that becomes the line\'s value'),
        fill: Type.Optional(Type.Record(FieldName, FieldName, { description: 'Line field ← option field, set when an option is chosen' })),
        caption: Type.Optional(Type.Array(LineCaptionPartSchema, { description: 'Shown under each option, joined with ·' })),
        placeholder: Type.Optional(TextRefSchema),
      },
      { additionalProperties: false, description: 'Options of the lookup column, loaded with the context (none while a binding is missing)' },
    ),
    caption: Type.Optional(Type.Array(LineCaptionPartSchema, { description: 'Shown under the lookup cell of each line, joined with ·' })),
    shownWhen: Type.Optional(Type.Record(FieldName, LineConditionSchema, { description: 'Column → when its cell is shown; hidden cells are neither checked nor sent (null)' })),
    groupBy: Type.Optional(
      Type.Object(
        { field: FieldName, valueKind: Type.Optional(ValueKindSchema), labelPrefix: Type.Optional(Type.String({ minLength: 1 })), other: Type.Optional(describe(TextRefSchema, 'Heading of lines without a value')) },
        { additionalProperties: false, description: 'Lines drawn in groups by a field, each with its footer of the aggregate columns' },
      ),
    ),
    suggestions: Type.Optional(
      Type.Object(
        {
          ...ServiceRef,
          params: Type.Optional(ParamBindings),
          linesParam: Type.String({ minLength: 1, description: 'Body parameter receiving the lines\' lookup values' }),
          label: TextRefSchema,
          reason: Type.Optional(describe(TextRefSchema, 'Tooltip of a suggestion; {{count}} is countField')),
          countField: Type.Optional(FieldName),
          caption: Type.Optional(Type.Array(LineCaptionPartSchema, { description: 'Beside the suggestion\'s value, joined with ·' })),
        },
        { additionalProperties: false, description: 'Options offered as one-click lines (e.g. bought together with the chosen ones)' },
      ),
    ),
    entry: Type.Record(FieldName, Type.Unknown(), { description: 'Template of one line as the screen sends it: "$Field" is the line\'s value' }),
  },
  { additionalProperties: false },
);
