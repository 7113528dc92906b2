/**
 * The screen-definition format: one TypeBox schema gives the TypeScript type
 * the engine reads and the JSON Schema published beside the files
 * (screen-definitions/screen-definition.schema.json, written by
 * `npm run definitions:check -- --write-schema` and compared in the unit tests).
 * screen-definitions/README.md explains each part with examples.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CapabilityObjectTypes } from '../../src/contract/capabilities';
import { VALUE_KINDS, type ValueKindName } from '../../src/contract/value-kinds';

const describe = <T extends TSchema>(schema: T, description: string): T => ({ ...schema, description });

/** A text shown to users: a key of the client locales, or the text itself per locale (en required). */
export const TextRefSchema = Type.Union(
  [
    Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z][\\w-]*(\\.[\\w-]+)+$', description: 'Translation key, e.g. grids.provisioning.title' }),
    Type.Unsafe<{ en: string; [locale: string]: string }>({
      type: 'object',
      description: 'Inline texts per locale code; en is the fallback',
      required: ['en'],
      properties: { en: { type: 'string', minLength: 1 } },
      patternProperties: { '^[a-z]{2}$': { type: 'string', minLength: 1 } },
      additionalProperties: false,
    }),
  ],
  { description: 'A translation key or inline texts per locale' },
);

const FieldName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', description: 'Field of a row (PascalCase, as the service returns it)' });
const ServiceRef = { service: Type.String({ minLength: 1, description: 'Service of the catalogue (src/contract), e.g. Provisioning' }), method: Type.String({ minLength: 1, description: 'Method of that service' }) };

export const CapabilityRefSchema = Type.Object(
  {
    objectType: Type.Union(CapabilityObjectTypes.map((name) => Type.Literal(name))),
    flag: Type.Union([Type.Literal('Read'), Type.Literal('Execute'), Type.Literal('Create'), Type.Literal('Delete')]),
  },
  { additionalProperties: false },
);

export const AccessSchema = Type.Object(
  {
    anyOf: Type.Optional(Type.Array(CapabilityRefSchema, { minItems: 1, description: 'At least one must be held' })),
    allOf: Type.Optional(Type.Array(CapabilityRefSchema, { minItems: 1, description: 'Every one must be held' })),
  },
  { additionalProperties: false, description: 'Capabilities needed (spec §5: OR and AND only)' },
);

/** Where a body parameter's value comes from: the screen's context (route parameters) or a constant. */
export const ParamBindingSchema = Type.Union([
  Type.Object(
    {
      context: Type.String({ minLength: 1, description: 'Name of a context value, e.g. the route parameter accountId' }),
      type: Type.Optional(Type.Union([Type.Literal('integer'), Type.Literal('string')], { description: 'Convert the context text; default integer' })),
      optional: Type.Optional(Type.Boolean({ description: 'Leave the parameter out when the context lacks it' })),
    },
    { additionalProperties: false },
  ),
  Type.Object({ value: Type.Unknown({ description: 'A constant JSON value' }) }, { additionalProperties: false }),
]);

/** Body parameters by dotted path (`inputDto.MarketplaceId`, `query.accountId`). */
const ParamBindings = Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' }), ParamBindingSchema);

export const FilterOperatorSchema = Type.Union(
  [Type.Literal('equals'), Type.Literal('startsWith'), Type.Literal('contains'), Type.Literal('in'), Type.Literal('inRange')],
  { description: 'How a filter compares: equals, startsWith, contains (text), in (one of the chosen values), inRange (from/to)' },
);

const ServerPagingSchema = Type.Object(
  {
    mode: Type.Literal('server', { description: 'The method filters, sorts and pages (a grid query: startRow, endRow, sortModel, filterModel, cursor)' }),
    queryParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path allowed) that receives the grid query, e.g. query' }),
    pageSize: Type.Optional(Type.Integer({ minimum: 10, maximum: 500, description: 'Rows per request; default 100' })),
    indexed: Type.Object(
      {
        sorts: Type.Array(FieldName, { description: 'Fields the server sorts by with an index' }),
        filters: Type.Array(
          Type.Object({ field: FieldName, operators: Type.Array(FilterOperatorSchema, { minItems: 1 }) }, { additionalProperties: false }),
          { description: 'Fields and operators the server filters on with an index' },
        ),
      },
      { additionalProperties: false, description: 'What the data source can sort and filter fast: a definition may offer nothing else (checked)' },
    ),
  },
  { additionalProperties: false },
);

const ClientPagingSchema = Type.Object(
  {
    mode: Type.Literal('client', { description: 'The method returns every row at once; the grid sorts, filters and pages in the browser' }),
    rowsPath: Type.Optional(Type.String({ description: 'Property of the result holding the rows; the result itself when absent' })),
  },
  { additionalProperties: false },
);

export const DataSourceSchema = Type.Object(
  {
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    paging: Type.Union([ServerPagingSchema, ClientPagingSchema]),
    rowId: describe(FieldName, 'Field that identifies a row (selection, actions)'),
    metadata: Type.Optional(
      Type.Object(
        { ...ServiceRef, params: Type.Optional(ParamBindings) },
        { additionalProperties: false, description: 'A method giving filter options (e.g. statuses); filters name a property of its result' },
      ),
    ),
  },
  { additionalProperties: false },
);

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
  ],
  { description: 'Cell renderer' },
);

/** A kind of stored value (src/contract/value-kinds.ts): cells, detail fields, filter options and exports show its text in the user's language. */
export const ValueKindSchema = Type.Unsafe<ValueKindName>(
  Type.Union(
    Object.keys(VALUE_KINDS).map((name) => Type.Literal(name)),
    { description: 'Kind of stored value (src/contract/value-kinds.ts) whose text in the user\'s language is shown instead of the stored value' },
  ),
);

const ChipColor = Type.Union(['default', 'primary', 'secondary', 'success', 'warning', 'error', 'info'].map((color) => Type.Literal(color)));

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
  },
  { additionalProperties: false },
);

export const SortSchema = Type.Object(
  { field: FieldName, direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) },
  { additionalProperties: false },
);

export const FilterInputSchema = Type.Union(
  [
    Type.Literal('text'),
    Type.Literal('number'),
    Type.Literal('select'),
    Type.Literal('multiSelect'),
    Type.Literal('boolean'),
    Type.Literal('dateRange'),
  ],
  { description: 'Input of the filter form; text uses its operator, select/multiSelect/boolean compare with in, dateRange with inRange, number with equals' },
);

const OptionSchema = Type.Object({ value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]), label: TextRefSchema }, { additionalProperties: false });

export const FilterSchema = Type.Object(
  {
    field: FieldName,
    label: TextRefSchema,
    input: FilterInputSchema,
    operator: Type.Optional(Type.Union([Type.Literal('equals'), Type.Literal('startsWith'), Type.Literal('contains')], { description: 'text only; default equals' })),
    options: Type.Optional(
      Type.Union([
        Type.Array(OptionSchema, { minItems: 1, description: 'Fixed options' }),
        Type.Object(
          {
            metadata: Type.String({ minLength: 1, description: 'Property of the data source metadata result: an array of values, or of {Value, Count}' }),
            labelPrefix: Type.Optional(Type.String({ description: 'Translation key prefix for the values (as in status columns)' })),
            valueKind: Type.Optional(ValueKindSchema),
          },
          { additionalProperties: false },
        ),
      ]),
    ),
  },
  { additionalProperties: false },
);

export const ReasonFormSchema = Type.Object(
  {
    param: Type.String({ minLength: 1, description: 'Body parameter (dotted path allowed) that receives the reason' }),
    label: TextRefSchema,
    required: Type.Optional(Type.Boolean()),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000 })),
  },
  { additionalProperties: false, description: 'Asks for a reason before the call' },
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
  },
  { additionalProperties: false },
);

export const DetailFieldSchema = Type.Object(
  {
    field: FieldName,
    label: TextRefSchema,
    type: Type.Union([ColumnTypeSchema, Type.Literal('multiline'), Type.Literal('history')], { description: 'history: an array of {Timestamp, Status, Message}' }),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    currencyField: Type.Optional(FieldName),
    status: Type.Optional(StatusSchema),
    valueKind: Type.Optional(ValueKindSchema),
    link: Type.Optional(LinkSchema),
  },
  { additionalProperties: false },
);

export const DetailPanelSchema = Type.Object(
  {
    title: Type.Optional(TextRefSchema),
    fields: Type.Array(DetailFieldSchema, { minItems: 1 }),
    load: Type.Optional(
      Type.Object(
        { ...ServiceRef, idParam: Type.String({ minLength: 1, description: 'Body parameter receiving the row id' }), rowPath: Type.Optional(Type.String()) },
        { additionalProperties: false, description: 'Fetch the details of the selected row; its fields are shown instead of the row' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const ExportSchema = Type.Object(
  {
    formats: Type.Array(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]), { minItems: 1, uniqueItems: true }),
    mode: Type.Union([Type.Literal('client'), Type.Literal('server')], {
      description: 'client: the rows loaded in the browser (the pages seen so far) with the visible columns; server: a method returning a file for the current filters and sort',
    }),
    method: Type.Optional(Type.Object({ ...ServiceRef, params: Type.Optional(ParamBindings), formatParam: Type.Optional(Type.String()) }, { additionalProperties: false })),
    fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[\\w-]+$' })),
  },
  { additionalProperties: false },
);

export const ScreenDefinitionSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'Equals the file name without .json; /list/{id} shows it' }),
    title: TextRefSchema,
    route: Type.Optional(Type.String({ pattern: '^/', description: 'Dedicated route of the app that shows this definition (documentation; /list/{id} always works)' })),
    access: AccessSchema,
    dataSource: DataSourceSchema,
    columns: Type.Array(ColumnSchema, { minItems: 1 }),
    defaultSort: Type.Optional(Type.Array(SortSchema, { maxItems: 1 })),
    filters: Type.Optional(Type.Array(FilterSchema)),
    actions: Type.Optional(Type.Array(ActionSchema)),
    detailPanel: Type.Optional(DetailPanelSchema),
    export: Type.Optional(ExportSchema),
  },
  { additionalProperties: false, $id: 'https://cloud-marketplace.example/schemas/screen-definition.schema.json', title: 'Screen definition' },
);

export type TextRef = Static<typeof TextRefSchema>;
export type CapabilityRef = Static<typeof CapabilityRefSchema>;
export type AccessRequirement = Static<typeof AccessSchema>;
export type ParamBinding = Static<typeof ParamBindingSchema>;
export type FilterOperator = Static<typeof FilterOperatorSchema>;
export type DataSourceDefinition = Static<typeof DataSourceSchema>;
export type ColumnType = Static<typeof ColumnTypeSchema>;
export type ColumnDefinition = Static<typeof ColumnSchema>;
export type FilterDefinition = Static<typeof FilterSchema>;
export type ActionDefinition = Static<typeof ActionSchema>;
export type DetailFieldDefinition = Static<typeof DetailFieldSchema>;
export type DetailPanelDefinition = Static<typeof DetailPanelSchema>;
export type ExportDefinition = Static<typeof ExportSchema>;
export type ScreenDefinition = Static<typeof ScreenDefinitionSchema>;
