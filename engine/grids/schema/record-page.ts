/** The record page of a screen definition: sections, blocks, facts and their conditions. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { ChipColor, ValueKindSchema } from './columns';
import { FileRoundTripBlockSchema } from './file-round-trip';
import { FormDestinationSchema } from './form';

/** A value of a record page by dotted path: a field of the record (Service.DisplayName) or of a source's answer (InPricelist.SalesPrice). */
const RecordPath = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Dotted path into the record (and the answers of its sources, under their `as`)' });

export const RecordConditionSchema = Type.Object(
  {
    field: RecordPath,
    in: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { minItems: 1, description: 'Holds when the value is one of these' })),
    notIn: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { minItems: 1, description: 'Holds when the value is none of these' })),
    present: Type.Optional(Type.Boolean({ description: 'true: holds when the value is neither missing, null nor empty; false: when it is' })),
    includes: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()], { description: 'Holds when the value is a list holding this' })),
    notInContextPath: Type.Optional(
      Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'Holds when the value is none of the ids of this context value, a path such as /1/5/9 (e.g. userAccountPath: not the user\'s own account nor one above it); never while the context lacks it' }),
    ),
  },
  { additionalProperties: false, description: 'When a part of the record page is drawn' },
);

/** One condition, or several that must all hold. */
export const RecordWhenSchema = Type.Union([RecordConditionSchema, Type.Array(RecordConditionSchema, { minItems: 1, description: 'Every one must hold' })]);

/** A value a text names: by path, or a date by path formatted for the locale. */
const NamedValue = Type.Union([
  RecordPath,
  Type.Object({ field: RecordPath, type: Type.Union([Type.Literal('date'), Type.Literal('dateTime'), Type.Literal('time')]) }, { additionalProperties: false, description: 'A date, a moment or its time of day, in the user\'s format' }),
]);

/** A button of an `actions` block: a call, a way on, or reading the page again. */
export const ActionButtonSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test id: {definition id}-{id}' }),
    label: TextRefSchema,
    icon: Type.Optional(Type.Union([Type.Literal('Refresh'), Type.Literal('CheckCircle'), Type.Literal('Send'), Type.Literal('PlayArrow')])),
    emphasis: Type.Optional(Type.Boolean({ description: 'A filled button; default a text button' })),
    color: Type.Optional(Type.Literal('error', { description: 'A button that ends something (e.g. Terminate); default the primary colour' })),
    testId: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'Default {definition id}-{id}' })),
    when: Type.Optional(describe(RecordWhenSchema, 'Shown while this holds (all of these hold) for the page\'s values')),
    whenContext: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'Shown only while this context value is set (e.g. a ?redirect= to continue to)' })),
    requires: Type.Optional(describe(AccessSchema, 'Shown to whom holds it (the call\'s method must accept it, checked)')),
    call: Type.Optional(
      Type.Object(
        {
          ...ServiceRef,
          params: Type.Optional(ParamBindings),
          done: Type.Optional(describe(TextRefSchema, 'A passing notice after it')),
          doneValues: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), NamedValue, { description: 'Values of the call\'s answer the notice names ({{time}}: ReadyBy as a time)' })),
        },
        { additionalProperties: false, description: 'A call with the context\'s values; the page is read again after it' },
      ),
    ),
    go: Type.Optional(describe(FormDestinationSchema, 'A route: the context value `redirect` names when it is a path of the app (no open redirect), else `to`')),
    reload: Type.Optional(Type.Literal(true, { description: 'Reads the page again (its last values stay shown meanwhile)' })),
  },
  { additionalProperties: false, description: 'Exactly one of call, go and reload' },
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
    id: Type.Optional(Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test id of its value: {definition id}-{id}' })),
  },
  { additionalProperties: false },
);


/** A text of an entry of a list value: the entry's field (dotted), in words when it has a value kind. */
const EntryText = Type.Object({ field: RecordPath, valueKind: Type.Optional(ValueKindSchema) }, { additionalProperties: false });

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
      values: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), NamedValue, { description: 'Placeholder → value of the record (a path, or { field, type } for a date)' })),
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
  Type.Object(
    {
      kind: Type.Literal('state'),
      field: RecordPath,
      valueKind: describe(ValueKindSchema, 'Its values\' words (a sentence each)'),
      severities: Type.Record(Type.String({ minLength: 1 }), Type.Union([Type.Literal('success'), Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]), {
        description: 'Value → the notice\'s colour; info for others',
      }),
      values: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), NamedValue, { description: 'Placeholder → value of the record its words name ({{date}}: when it was accepted)' })),
      id: BlockId,
      when: BlockWhen,
    },
    { additionalProperties: false, description: 'A value as a notice in its words and colour (a whole state); its test id carries the value as data-status; left out while the value is empty' },
  ),
  Type.Object(
    {
      kind: Type.Literal('items'),
      field: describe(RecordPath, 'A list of entries (objects)'),
      key: describe(RecordPath, 'The entry\'s field naming it: the line\'s test id is {definition id}-{value}'),
      primary: EntryText,
      secondary: Type.Optional(describe(EntryText, 'A second, grey line')),
      chip: Type.Optional(
        Type.Object(
          { field: RecordPath, valueKind: Type.Optional(ValueKindSchema), colors: Type.Record(Type.String({ minLength: 1 }), ChipColor, { description: 'Value → chip colour; others are default' }) },
          { additionalProperties: false, description: 'A coloured chip at the line\'s end (a state); the line carries its value as data-status' },
        ),
      ),
      label: Type.Optional(describe(TextRefSchema, 'The list\'s name for screen readers')),
      id: BlockId,
      when: BlockWhen,
    },
    { additionalProperties: false, description: 'A list value, a line per entry: its text, a second line and a chip (the parts of a whole and their states)' },
  ),
  Type.Object(
    { kind: Type.Literal('actions'), buttons: Type.Array(ActionButtonSchema, { minItems: 1 }), id: BlockId, when: BlockWhen },
    { additionalProperties: false, description: 'Buttons at the end of a line: each makes a call (then the page is read again), goes to a route, or reads the page again' },
  ),
  // The offline-edit round trip (schema/file-round-trip.ts), drawn when its condition holds like any block.
  Type.Object({ ...FileRoundTripBlockSchema.properties, when: BlockWhen }, { additionalProperties: false, description: FileRoundTripBlockSchema.description }),
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
    bare: Type.Optional(Type.Boolean({ description: 'Its blocks without the outlined box (and without a title): a page whose frame is already a card' })),
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
    load: Type.Object(
      {
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        every: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600, description: 'Read again every so many seconds while the page is open and in view (a state that changes)' })),
        failed: Type.Optional(
          Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), {
            description: 'The page\'s values when the call is not answered (instead of the notFound notice): e.g. a status page says { "status": "down" }',
          }),
        ),
      },
      { additionalProperties: false, description: 'The record: its answer is the page\'s values' },
    ),
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
    header: Type.Optional(Type.Object(
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
      { additionalProperties: false, description: 'The record\'s title line; without it the page\'s heading (page) is the title' },
    )),
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
