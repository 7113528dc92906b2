/** The columns of a screen definition: types, value kinds, status colours, links, edit rules, sorts. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { VALUE_KINDS, type ValueKindName } from '../../../contract/value-kinds';
import { FieldName, TextRefSchema, describe } from './common';

export const ColumnTypeSchema = Type.Union(
  [
    Type.Literal('text'),
    Type.Literal('number'),
    Type.Literal('money'),
    Type.Literal('date'),
    Type.Literal('dateTime'),
    Type.Literal('status'),
    Type.Literal('boolean'),
    Type.Literal('link'),
    Type.Literal('percent'),
  ],
  { description: 'Cell renderer (percent: a number followed by %)' },
);

/** A kind of stored value (contract/value-kinds.ts): cells, detail fields, filter options and exports show its text in the user's language. */
export const ValueKindSchema = Type.Unsafe<ValueKindName>(
  Type.Union(
    Object.keys(VALUE_KINDS).map((name) => Type.Literal(name)),
    { description: 'Kind of stored value (contract/value-kinds.ts) whose text in the user\'s language is shown instead of the stored value' },
  ),
);

export const ChipColor = Type.Union(['default', 'primary', 'secondary', 'success', 'warning', 'error', 'info'].map((color) => Type.Literal(color)));

export const StatusSchema = Type.Object(
  {
    colors: Type.Record(Type.String(), ChipColor, { description: 'Value → chip colour; others are default' }),
    labelPrefix: Type.Optional(Type.String({ description: 'Translation key prefix; the label of value V is prefix + V without spaces, e.g. grids.provisioning.status.InProgress' })),
  },
  { additionalProperties: false },
);

export const LinkSchema = Type.Object(
  {
    to: Type.Union([Type.Literal('account'), Type.Literal('service')], { description: 'account → /account/{id}, service → /service/{id}' }),
    idField: describe(FieldName, 'Field holding the id the link opens'),
  },
  { additionalProperties: false },
);

/** Rules of an editable cell (the renderer refuses what breaks them, keeping the typed text with the reason). */
export const EditRuleSchema = Type.Object(
  {
    input: Type.Union([Type.Literal('number'), Type.Literal('text'), Type.Literal('select')], { description: 'Cell editor: number (decimal comma or point), text, or select (one of options)' }),
    required: Type.Optional(Type.Boolean({ description: 'An empty value is refused; default true' })),
    min: Type.Optional(Type.Number({ description: 'number: smallest value' })),
    max: Type.Optional(Type.Number({ description: 'number: largest value' })),
    decimals: Type.Optional(Type.Integer({ minimum: 0, maximum: 6, description: 'number: rounded to this many decimals' })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000, description: 'text: longest text' })),
    options: Type.Optional(Type.Array(Type.String(), { minItems: 1, description: 'select: the values offered (shown with the column\'s valueKind texts)' })),
    messages: Type.Optional(
      Type.Object(
        Object.fromEntries(['required', 'notANumber', 'tooSmall', 'tooLarge', 'notAnOption', 'tooLong'].map((problem) => [problem, Type.Optional(TextRefSchema)])),
        { additionalProperties: false, description: 'Own texts per problem (may use {{value}}, {{min}}, {{max}}, {{maxLength}}); the general grids.edit.* texts otherwise' },
      ),
    ),
  },
  { additionalProperties: false, description: 'The cell can be edited (when the user holds editing.requires)' },
);

export const ColumnSchema = Type.Object(
  {
    field: FieldName,
    label: TextRefSchema,
    type: ColumnTypeSchema,
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'money: fixed currency' })),
    currencyField: Type.Optional(describe(FieldName, 'money: field holding the currency code')),
    status: Type.Optional(StatusSchema),
    valueKind: Type.Optional(ValueKindSchema),
    link: Type.Optional(LinkSchema),
    linksField: Type.Optional(describe(FieldName, 'text: field holding [{Text, To}]; those words of the text open the app route To (e.g. accounts an audit sentence names)')),
    sortable: Type.Optional(Type.Boolean({ description: 'Offer sorting (server paging: the field must be in dataSource.paging.indexed.sorts)' })),
    width: Type.Optional(Type.Integer({ minimum: 40, maximum: 1200 })),
    hidden: Type.Optional(Type.Boolean({ description: 'Hidden until the user shows it' })),
    pinned: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('right')])),
    editable: Type.Optional(EditRuleSchema),
    compute: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Computed from the row\'s (edited) fields: + - * / % comparisons && || ! ?: and round(x, d) ceil floor abs min max coalesce; over a list field size(List) and countTrue(List, \'Field\', …) (client paging: the list need not be a column), e.g. SalesPrice > 0 ? round((SalesPrice - PurchasePrice) / SalesPrice * 100, 2) : null' })),
    aggregate: Type.Optional(Type.Union(['sum', 'avg', 'count', 'min', 'max'].map((kind) => Type.Literal(kind)), { description: 'Footer row value over the loaded rows' })),
  },
  { additionalProperties: false },
);

export const SortSchema = Type.Object(
  { field: FieldName, direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) },
  { additionalProperties: false },
);
