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

/** Pages by offset and limit (explore's cards): `{ offsetParam, limitParam }` in the body, the rows and total read from the result. */
const OffsetPagingSchema = Type.Object(
  {
    mode: Type.Literal('offset', { description: 'The method pages by offset and limit (a cards view: one page at a time with page buttons)' }),
    offsetParam: Type.String({ minLength: 1, description: 'Body parameter receiving the offset' }),
    limitParam: Type.String({ minLength: 1, description: 'Body parameter receiving the page size' }),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Rows per page; default 20' })),
    rowsPath: Type.String({ minLength: 1, description: 'Property of the result holding the rows' }),
    totalPath: Type.Optional(Type.String({ minLength: 1, description: 'Property of the result holding the total; default TotalCount' })),
  },
  { additionalProperties: false },
);

/** A tree loaded one level per call (the hierarchy): the root from params, each expanded node's children with idParam. */
const TreePagingSchema = Type.Object(
  {
    mode: Type.Literal('tree', { description: 'One level per call: the result holds a node and its children; a node with children is expanded on demand' }),
    idParam: Type.String({ minLength: 1, description: 'Body parameter receiving the id of the node whose level is loaded (the root: the value params bind to it)' }),
    nodePath: Type.String({ minLength: 1, description: 'Property of the result holding the node itself' }),
    childrenPath: Type.String({ minLength: 1, description: 'Property of the result holding its children' }),
    hasChildrenField: describe(FieldName, 'Field of a node telling whether it has children (the expander shows only then)'),
    truncatedPath: Type.Optional(Type.String({ minLength: 1, description: 'Property of the result telling that the children were cut at a limit' })),
    mutedWhen: Type.Optional(
      Type.Object(
        { field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { minItems: 1 }) },
        { additionalProperties: false, description: 'Nodes drawn greyed (e.g. terminated accounts)' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const DataSourceSchema = Type.Object(
  {
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    paging: Type.Union([ServerPagingSchema, ClientPagingSchema, OffsetPagingSchema, TreePagingSchema]),
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
    Type.Literal('percent'),
  ],
  { description: 'Cell renderer (percent: a number followed by %)' },
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
    compute: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Computed from the row\'s (edited) fields: + - * / % comparisons && || ! ?: and round(x, d) ceil floor abs min max coalesce, e.g. SalesPrice > 0 ? round((SalesPrice - PurchasePrice) / SalesPrice * 100, 2) : null' })),
    aggregate: Type.Optional(Type.Union(['sum', 'avg', 'count', 'min', 'max'].map((kind) => Type.Literal(kind)), { description: 'Footer row value over the loaded rows' })),
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
    input: Type.Union([Type.Literal('text'), Type.Literal('list'), Type.Literal('select'), Type.Literal('checkList'), Type.Literal('heldCapabilities')], {
      description: 'text: trimmed text; list: texts separated by commas or spaces (an array, left out when empty); select: one of options; checkList: the ticked options (an array); heldCapabilities: flags of the capabilities the signed-in user holds ([{ObjectType, Read?, Execute?, Create?, Delete?}])',
    }),
    required: Type.Optional(Type.Boolean({ description: 'The form cannot be sent without a value (checkList, heldCapabilities: at least one ticked)' })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000, description: 'text, list: longest text' })),
    placeholder: Type.Optional(Type.String({ maxLength: 200, description: 'An example shown in the empty input (not translated: a URL, an address)' })),
    options: Type.Optional(Type.Array(Type.Object({ value: Type.Union([Type.String(), Type.Number()]), label: TextRefSchema }, { additionalProperties: false }), { minItems: 1, description: 'select, checkList: the values offered' })),
    default: Type.Optional(Type.Unknown({ description: 'The value the form opens with (select: one value; checkList: an array of values)' })),
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

/** An action on detail rows: one row's button, or one button above them for the master row (its label may count matching rows). */
export const DetailActionSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
    label: describe(TextRefSchema, 'scope all: may use {{count}}, the detail rows countWhen matches'),
    scope: Type.Union([Type.Literal('row'), Type.Literal('all')], { description: 'row: a button on each detail row; all: one button above them' }),
    ...ServiceRef,
    fields: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), FieldName, { description: 'Body parameter ← field of the detail row (scope row) or of the master row (scope all)' }),
    params: Type.Optional(ParamBindings),
    requires: AccessSchema,
    enabledWhen: Type.Optional(
      Type.Object({ field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { minItems: 1 }) }, { additionalProperties: false, description: 'scope row: the rows it is offered on' }),
    ),
    countWhen: Type.Optional(
      Type.Object({ field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { minItems: 1 }) }, { additionalProperties: false, description: 'scope all: the detail rows counted in the label; disabled while none match' }),
    ),
  },
  { additionalProperties: false, description: 'Afterwards the detail rows and the grid\'s rows reload' },
);

/** Master–detail: rows under a master row (a quote's lines), from a method per row or from a field of the row. */
export const MasterDetailSchema = Type.Object(
  {
    title: Type.Optional(describe(TextRefSchema, 'Heading of the detail rows; may use {{name}}, the master row\'s titleField')),
    titleField: Type.Optional(describe(FieldName, 'Field of the master row named in the heading')),
    load: Type.Optional(
      Type.Object(
        { ...ServiceRef, idParam: Type.String({ minLength: 1, description: 'Body parameter receiving the master row id' }), params: Type.Optional(ParamBindings) },
        { additionalProperties: false, description: 'Fetch the detail rows per master row; without it they are a field of the master row' },
      ),
    ),
    rowsPath: Type.Optional(Type.String({ minLength: 1, description: 'Property of the loaded result (or, without load, of the master row) holding the detail rows; with load, absent: the result itself' })),
    inherit: Type.Optional(Type.Array(FieldName, { description: 'Fields of the master row each detail row takes when it lacks them (e.g. the quote\'s Currency for its lines)' })),
    columns: Type.Array(ColumnSchema, { minItems: 1 }),
    empty: Type.Optional(describe(TextRefSchema, 'Shown when a master row has no detail rows')),
    actions: Type.Optional(Type.Array(DetailActionSchema, { description: 'Buttons on each detail row (scope row) or above them (scope all)' })),
    refreshSeconds: Type.Optional(Type.Integer({ minimum: 2, maximum: 600, description: 'Reload the open detail rows this often (rows that move on by themselves, e.g. deliveries)' })),
  },
  { additionalProperties: false },
);

/** A facet: values with counts from the metadata method; the chosen ones go into the data source's (and the metadata's) body. */
export const FacetSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
    label: TextRefSchema,
    input: Type.Union([Type.Literal('checkList'), Type.Literal('switch')], { description: 'checkList: values to tick (an array goes to param); switch: on sends true' }),
    param: Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Body parameter (dotted path) receiving the chosen values' }),
    options: Type.Optional(
      Type.Object(
        {
          metadata: Type.String({ minLength: 1, description: 'Property of the metadata result: an array of {Value, Count} (or the fields named below)' }),
          valueField: Type.Optional(Type.String({ minLength: 1, description: 'default Value' })),
          labelField: Type.Optional(Type.String({ minLength: 1, description: 'default the value' })),
          countField: Type.Optional(Type.String({ minLength: 1, description: 'default Count' })),
          valueKind: Type.Optional(ValueKindSchema),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Show the first N (chosen ones always)' })),
        },
        { additionalProperties: false },
      ),
    ),
    count: Type.Optional(Type.String({ minLength: 1, description: 'switch: property of the metadata result with the count shown beside it' })),
  },
  { additionalProperties: false },
);

/** A search box whose text goes into the body. */
export const SearchSchema = Type.Object(
  {
    param: Type.String({ minLength: 1, description: 'Body parameter (dotted path) receiving the trimmed text; left out when empty' }),
    label: TextRefSchema,
    context: Type.Optional(Type.String({ minLength: 1, description: 'Context value with the text the screen opens with (e.g. the route\'s search text)' })),
    alsoMetadata: Type.Optional(Type.Boolean({ description: 'Send the text to the metadata method too (counts follow the search); default true' })),
  },
  { additionalProperties: false },
);

/** Named orders the user picks from (offset paging: the value goes into param as is). */
export const SortChoicesSchema = Type.Object(
  {
    param: Type.String({ minLength: 1, description: 'Body parameter receiving the chosen value' }),
    label: TextRefSchema,
    options: Type.Array(Type.Object({ id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), label: TextRefSchema, value: Type.Unknown() }, { additionalProperties: false }), { minItems: 1 }),
  },
  { additionalProperties: false, description: 'The first option is the default' },
);

/** How a row is drawn as a card (view: cards). */
export const CardsSchema = Type.Object(
  {
    titleField: FieldName,
    link: Type.Optional(LinkSchema),
    imageField: Type.Optional(describe(FieldName, 'Field with the image (an icon URL); the initials of the title otherwise')),
    subtitle: Type.Optional(Type.Array(Type.Object({ field: FieldName, valueKind: Type.Optional(ValueKindSchema) }, { additionalProperties: false }), { description: 'Fields joined with · under the title' })),
    descriptionField: Type.Optional(FieldName),
    chipsField: Type.Optional(describe(FieldName, 'Field with an array of words shown as chips')),
    hiddenChips: Type.Optional(Type.Array(Type.String(), { description: 'Words of chipsField not shown' })),
    flag: Type.Optional(Type.Object({ field: FieldName, label: TextRefSchema }, { additionalProperties: false, description: 'A highlighted chip when the field is true' })),
    links: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
            label: TextRefSchema,
            to: Type.String({ pattern: '^/', description: 'App route; {Field} is replaced by the row\'s value (URL-encoded)' }),
            requires: Type.Optional(AccessSchema),
            emphasis: Type.Optional(Type.Boolean({ description: 'Drawn as an outlined button' })),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    countLabel: describe(TextRefSchema, 'The number of rows found; uses {{count}}'),
    empty: TextRefSchema,
  },
  { additionalProperties: false },
);

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

/** Values offered from a method: a toolbar picker's choices, or what an add panel offers as the user types. */
export const OptionsSourceSchema = Type.Object(
  {
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    rowsPath: Type.Optional(Type.String({ minLength: 1, description: 'Property of the result holding the rows; the result itself when absent' })),
    valueField: describe(FieldName, 'Field of an option that is its value'),
    labelFields: Type.Array(FieldName, { minItems: 1, maxItems: 3, description: 'Fields shown as the option\'s text, joined with ·' }),
    detailField: Type.Optional(describe(FieldName, 'Field shown small under the text (e.g. the path above an account)')),
    searchParam: Type.Optional(Type.String({ minLength: 1, description: 'Body parameter receiving the typed text: the options are searched as the user types' })),
  },
  { additionalProperties: false },
);

/** A source or target chosen in the toolbar (the pricelist whose customers are shown): its value joins the context the data source binds. */
export const ContextPickerSchema = Type.Object(
  {
    context: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Context value the choice sets (bound by dataSource.params); the first option when the context has none' }),
    label: TextRefSchema,
    options: OptionsSourceSchema,
  },
  { additionalProperties: false, description: 'A picker in the toolbar choosing a context value; the rows follow the choice' },
);

/** A form above the rows that adds to them: values picked from a method, sent in one call, then the rows reload. */
export const AddPanelSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
    label: describe(TextRefSchema, 'The button that sends the chosen values'),
    help: Type.Optional(TextRefSchema),
    requires: AccessSchema,
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    valuesParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path) receiving the list of chosen values' }),
    picker: Type.Object({ label: TextRefSchema, options: OptionsSourceSchema }, { additionalProperties: false, description: 'Chooses the values one at a time; each joins the list' }),
    done: describe(TextRefSchema, 'Shown after the call; may use {{count}}, the number of values sent'),
  },
  { additionalProperties: false },
);

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
        conflict: Type.Optional(
          Type.Object(
            {
              status: Type.Integer({ minimum: 400, maximum: 499, description: 'The refusal that asks for confirmation (its message is shown)' }),
              confirmParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path) set to true when sent again' }),
              title: TextRefSchema,
              confirmLabel: TextRefSchema,
            },
            { additionalProperties: false, description: 'A refusal the user may confirm: the save is sent again with confirmParam' },
          ),
        ),
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

/** A value of a record page by dotted path: a field of the record (Service.DisplayName) or of a source's answer (InPricelist.SalesPrice). */
const RecordPath = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Dotted path into the record (and the answers of its sources, under their `as`)' });

export const RecordConditionSchema = Type.Object(
  {
    field: RecordPath,
    in: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { minItems: 1, description: 'Holds when the value is one of these' })),
    notIn: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { minItems: 1, description: 'Holds when the value is none of these' })),
    present: Type.Optional(Type.Boolean({ description: 'true: holds when the value is neither missing, null nor empty; false: when it is' })),
  },
  { additionalProperties: false, description: 'When a part of the record page is drawn' },
);

/** A labelled value of a record page. */
export const RecordFactSchema = Type.Object(
  {
    field: RecordPath,
    label: TextRefSchema,
    type: Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('money'), Type.Literal('percent'), Type.Literal('date'), Type.Literal('dateTime'), Type.Literal('boolean')]),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'money: fixed currency' })),
    currencyField: Type.Optional(describe(RecordPath, 'money: the value holding the currency code')),
    valueKind: Type.Optional(ValueKindSchema),
    when: Type.Optional(RecordConditionSchema),
  },
  { additionalProperties: false },
);

const BlockId = Type.Optional(Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test id suffix: {definition id}-{id}' }));
const BlockWhen = Type.Optional(RecordConditionSchema);

/** One part of a record page section, drawn in order. */
export const RecordBlockSchema = Type.Union([
  Type.Object(
    { kind: Type.Literal('text'), field: RecordPath, style: Type.Optional(Type.Union([Type.Literal('lead'), Type.Literal('body')], { description: 'lead: larger; default body' })), id: BlockId, when: BlockWhen },
    { additionalProperties: false, description: 'A text value as a paragraph (left out when empty)' },
  ),
  Type.Object({ kind: Type.Literal('bullets'), field: RecordPath, id: BlockId, when: BlockWhen }, { additionalProperties: false, description: 'A list of texts, or a text\'s lines, as bullets' }),
  Type.Object({ kind: Type.Literal('chips'), field: RecordPath, id: BlockId, when: BlockWhen }, { additionalProperties: false, description: 'A list of words as chips' }),
  Type.Object(
    {
      kind: Type.Literal('figure'),
      field: RecordPath,
      type: Type.Union([Type.Literal('money'), Type.Literal('number'), Type.Literal('percent')]),
      currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
      currencyField: Type.Optional(RecordPath),
      id: BlockId,
      when: BlockWhen,
    },
    { additionalProperties: false, description: 'One value, large (a price)' },
  ),
  Type.Object(
    {
      kind: Type.Literal('note'),
      text: describe(TextRefSchema, 'May name {{x}} for each of values'),
      values: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), RecordPath, { description: 'Placeholder → value of the record' })),
      tone: Type.Optional(Type.Union([Type.Literal('caption'), Type.Literal('info'), Type.Literal('warning')], { description: 'caption (default): small grey text; info, warning: a notice' })),
      id: BlockId,
      when: BlockWhen,
    },
    { additionalProperties: false, description: 'A text of the definition' },
  ),
  Type.Object(
    { kind: Type.Literal('facts'), fields: Type.Array(RecordFactSchema, { minItems: 1 }), columns: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'Facts per row on a wide screen; default 3 (2 on a phone)' })), id: BlockId, when: BlockWhen },
    { additionalProperties: false, description: 'Labelled values in a grid' },
  ),
]);

/** A box of the record page. */
export const RecordSectionSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test id: {definition id}-{id}' }),
    title: Type.Optional(describe(TextRefSchema, 'May name {{x}} for each of titleValues')),
    titleValues: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), RecordPath)),
    column: Type.Optional(Type.Union([Type.Literal('main'), Type.Literal('side')], { description: 'main (default, wider) or side' })),
    requires: Type.Optional(describe(AccessSchema, 'Who sees the section')),
    source: Type.Optional(Type.String({ pattern: '^[A-Z][A-Za-z0-9]*$', description: 'The `as` of a source: the section shows once its answer is there, its refusal in its place' })),
    when: Type.Optional(RecordConditionSchema),
    blocks: Type.Array(RecordBlockSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

/**
 * A read-only page of one record (a service): loaded by one call with context
 * params, more calls as named sources, a header (title, image, flag, subtitle,
 * links by capability), sections of texts, facts and notes, and the
 * definition's own rows (dataSource + columns) as a table under them.
 */
export const RecordPageSchema = Type.Object(
  {
    load: Type.Object({ ...ServiceRef, params: Type.Optional(ParamBindings) }, { additionalProperties: false, description: 'The record: its answer is the page\'s values' }),
    notFound: describe(TextRefSchema, 'Shown when the record cannot be loaded and the refusal names no reason'),
    sources: Type.Optional(
      Type.Array(
        Type.Object(
          {
            as: Type.String({ pattern: '^[A-Z][A-Za-z0-9]*$', description: 'The answer becomes the value of this name' }),
            ...ServiceRef,
            params: Type.Optional(ParamBindings),
            requires: Type.Optional(describe(AccessSchema, 'Called only for users who hold it')),
          },
          { additionalProperties: false, description: 'Called when every non-optional binding has its context value (e.g. a pricelist in the route)' },
        ),
        { maxItems: 3, description: 'More calls, each answer a value of the page under its `as` (at most 3)' },
      ),
    ),
    header: Type.Object(
      {
        titleField: RecordPath,
        imageField: Type.Optional(describe(RecordPath, 'The image beside the title (the screen draws it; initials otherwise)')),
        flag: Type.Optional(Type.Object({ field: RecordPath, label: TextRefSchema }, { additionalProperties: false, description: 'A chip after the title when the value is true' })),
        subtitle: Type.Optional(Type.Array(Type.Object({ field: RecordPath, valueKind: Type.Optional(ValueKindSchema) }, { additionalProperties: false }), { description: 'Values joined with · under the title' })),
        links: Type.Optional(
          Type.Array(
            Type.Object(
              {
                id: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test id: {definition id}-{id}' }),
                label: TextRefSchema,
                to: Type.String({ pattern: '^/', description: 'App route; {Path} is a value of the record or a context value (URL-encoded); left out while one is missing' }),
                requires: Type.Optional(AccessSchema),
                when: Type.Optional(RecordConditionSchema),
                emphasis: Type.Optional(Type.Boolean({ description: 'A filled button; default outlined' })),
              },
              { additionalProperties: false },
            ),
          ),
        ),
      },
      { additionalProperties: false },
    ),
    sections: Type.Array(RecordSectionSchema, { minItems: 1 }),
    rows: Type.Optional(
      Type.Object(
        {
          id: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test id of the table: {definition id}-{id}' }),
          title: TextRefSchema,
          requires: Type.Optional(describe(AccessSchema, 'Who sees the rows (they are loaded only then)')),
          empty: TextRefSchema,
          link: Type.Optional(
            Type.Object(
              { column: describe(FieldName, 'The column whose cell opens the route'), to: Type.String({ pattern: '^/', description: 'Route; {Name} is a field of the row or a context value' }) },
              { additionalProperties: false },
            ),
          ),
          selectedWhen: Type.Optional(Type.Object({ field: FieldName, context: Type.String({ minLength: 1 }) }, { additionalProperties: false, description: 'The row whose field equals the context value is highlighted' })),
          blank: Type.Optional(Type.Record(FieldName, TextRefSchema, { description: 'Column → text shown when its cell is empty' })),
        },
        { additionalProperties: false, description: 'The definition\'s rows (dataSource, client paging, and columns) as a table under the sections' },
      ),
    ),
    previewContext: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), Type.String({ minLength: 1, maxLength: 200 }), { description: 'Context values the studio preview opens with (a sample record)' })),
  },
  { additionalProperties: false },
);

/** A profile menu entry opening /list/{id} (issue 22), shown to whom `access` lets open the screen. */
export const MenuEntrySchema = Type.Object(
  {
    group: Type.Optional(
      Type.Union([Type.Literal('orders'), Type.Literal('quotes'), Type.Literal('marketplaces'), Type.Literal('administration')], {
        description: 'The profile menu group it joins; the top level when left out',
      }),
    ),
    label: Type.Optional(describe(TextRefSchema, 'The entry\'s text; the title when left out')),
  },
  { additionalProperties: false, description: 'A profile menu entry opening /list/{id}, for whom `access` lets open the screen' },
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
    editing: Type.Optional(EditingSchema),
    view: Type.Optional(Type.Union([Type.Literal('grid'), Type.Literal('cards')], { description: 'grid (default) or cards (needs cards and offset paging); a tree data source draws a tree' })),
    cards: Type.Optional(CardsSchema),
    masterDetail: Type.Optional(MasterDetailSchema),
    facets: Type.Optional(Type.Array(FacetSchema, { description: 'Facets beside the rows (cards view and tree: switches)' })),
    search: Type.Optional(SearchSchema),
    sortChoices: Type.Optional(SortChoicesSchema),
    menu: Type.Optional(MenuEntrySchema),
    lineEditor: Type.Optional(LineEditorSchema),
    contextPicker: Type.Optional(ContextPickerSchema),
    addPanel: Type.Optional(AddPanelSchema),
    listEditor: Type.Optional(ListEditorSchema),
    createForm: Type.Optional(CreateFormSchema),
    recordPage: Type.Optional(RecordPageSchema),
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
export type MasterDetailDefinition = Static<typeof MasterDetailSchema>;
export type FacetDefinition = Static<typeof FacetSchema>;
export type SearchDefinition = Static<typeof SearchSchema>;
export type SortChoicesDefinition = Static<typeof SortChoicesSchema>;
export type CardsDefinition = Static<typeof CardsSchema>;
export type EditRuleDefinition = Static<typeof EditRuleSchema>;
export type EditingDefinition = Static<typeof EditingSchema>;
export type BulkEditDefinition = Static<typeof BulkEditSchema>;
export type LineEditorDefinition = Static<typeof LineEditorSchema>;
export type LineCaptionPart = Static<typeof LineCaptionPartSchema>;
export type OptionsSourceDefinition = Static<typeof OptionsSourceSchema>;
export type ContextPickerDefinition = Static<typeof ContextPickerSchema>;
export type AddPanelDefinition = Static<typeof AddPanelSchema>;
export type ListEditorDefinition = Static<typeof ListEditorSchema>;
export type ListFieldDefinition = Static<typeof ListFieldSchema>;
export type RecordPageDefinition = Static<typeof RecordPageSchema>;
export type RecordSectionDefinition = Static<typeof RecordSectionSchema>;
export type RecordBlockDefinition = Static<typeof RecordBlockSchema>;
export type RecordFactDefinition = Static<typeof RecordFactSchema>;
export type RecordConditionDefinition = Static<typeof RecordConditionSchema>;
export type ShownOnceDefinition = Static<typeof ShownOnceSchema>;
export type FormFieldDefinition = Static<typeof FormFieldSchema>;
export type CreateFormDefinition = Static<typeof CreateFormSchema>;
export type DetailActionDefinition = Static<typeof DetailActionSchema>;
