/** The detail panel, the export and master–detail rows of a screen definition. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { ColumnSchema, ColumnTypeSchema, LinkSchema, StatusSchema, ValueKindSchema } from './columns';

const FieldPath = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Field of the row (dotted path into an object field)' });
const Placeholder = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' });

/** A value a detail text names: a field of the row, shown as its type or value kind says. */
export const DetailTextValueSchema = Type.Object(
  {
    field: FieldPath,
    type: Type.Optional(Type.Union(['text', 'number', 'date', 'dateTime'].map((type) => Type.Literal(type)), { description: 'How the value is written (default text)' })),
    valueKind: Type.Optional(ValueKindSchema),
  },
  { additionalProperties: false },
);

/** A text of the detail panel with values of the row in it, e.g. "Request {{id}}: {{status}}". */
export const DetailTextSchema = Type.Object(
  {
    text: describe(TextRefSchema, 'May use {{placeholder}} for each of values'),
    values: Type.Record(Placeholder, DetailTextValueSchema, { description: 'Placeholder → the row\'s value it shows' }),
  },
  { additionalProperties: false },
);

/** A button of the detail panel that downloads a file the method returns, or uploads a file the user picks. */
export const DetailButtonSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
    label: TextRefSchema,
    icon: Type.Optional(Type.String({ description: 'MUI icon name, e.g. PictureAsPdf, AttachFile' })),
    kind: Type.Union([Type.Literal('download'), Type.Literal('upload')], { description: 'download: the answer is a file ({FileName, ContentType, Content}); upload: the picked file is sent' }),
    ...ServiceRef,
    fields: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' }), FieldName, { description: 'Body parameter (dotted path) ← field of the row' }),
    requires: Type.Optional(describe(AccessSchema, 'Who sees the button (the server checks again)')),
    shownWhen: Type.Optional(
      Type.Object({ field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { minItems: 1 }) }, { additionalProperties: false, description: 'The rows it is offered on' }),
    ),
    upload: Type.Optional(
      Type.Object(
        {
          nameParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path) receiving the file name' }),
          contentParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path) receiving the content, base64' }),
          extensions: Type.Array(Type.String({ pattern: '^[a-z0-9]{1,10}$' }), { minItems: 1, uniqueItems: true, description: 'File types accepted (lower case, without the dot)' }),
          refused: describe(TextRefSchema, 'Shown when the picked file is of another type'),
          done: describe(TextRefSchema, 'Shown after the upload; may use {{name}}, the file name'),
          answerIsRow: Type.Optional(Type.Boolean({ description: 'The answer is the row as it is now: the panel shows it' })),
        },
        { additionalProperties: false, description: 'kind upload: how the file is sent' },
      ),
    ),
  },
  { additionalProperties: false, description: 'Afterwards (upload) the grid\'s rows reload' },
);

/** The files a row lists (an array field), each with a download button. */
export const DetailFilesSchema = Type.Object(
  {
    title: TextRefSchema,
    field: describe(FieldName, 'Field of the row holding the files (an array of objects)'),
    nameField: describe(FieldName, 'Field of a file holding its name'),
    sizeField: Type.Optional(describe(FieldName, 'Field of a file holding its size in bytes')),
    empty: describe(TextRefSchema, 'Shown when the row has no files'),
    download: Type.Object(
      {
        ...ServiceRef,
        label: describe(TextRefSchema, 'The button\'s accessible name; may use {{name}}'),
        fields: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' }), FieldName, { description: 'Body parameter ← field of the row' }),
        fileFields: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' }), FieldName, { description: 'Body parameter ← field of the file; a file without it has no button' }),
      },
      { additionalProperties: false, description: 'The method answering one file ({FileName, ContentType, Content})' },
    ),
  },
  { additionalProperties: false },
);

export const DetailFieldSchema = Type.Object(
  {
    field: FieldName,
    label: TextRefSchema,
    type: Type.Union([ColumnTypeSchema, Type.Literal('multiline'), Type.Literal('history'), Type.Literal('progress')], {
      description: 'history: an array of {Timestamp, Status, Message}; progress: a bar of the value out of totalField, its lines under it',
    }),
    totalField: Type.Optional(describe(FieldName, 'progress: the field holding the whole the value is a part of')),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    currencyField: Type.Optional(FieldName),
    status: Type.Optional(StatusSchema),
    valueKind: Type.Optional(ValueKindSchema),
    link: Type.Optional(LinkSchema),
    lines: Type.Optional(Type.Array(DetailTextSchema, { minItems: 1, description: 'Texts shown instead of the value, one per line' })),
    hideWhenEmpty: Type.Optional(Type.Boolean({ description: 'Left out for a row whose value is empty (null, missing or "")' })),
  },
  { additionalProperties: false },
);

export const DetailPanelSchema = Type.Object(
  {
    title: Type.Optional(describe(TextRefSchema, 'May use the placeholders of titleValues')),
    titleValues: Type.Optional(Type.Record(Placeholder, DetailTextValueSchema, { description: 'Placeholder of the title → the row\'s value it shows' })),
    buttons: Type.Optional(Type.Array(DetailButtonSchema, { description: 'Download and upload buttons under the row actions' })),
    files: Type.Optional(DetailFilesSchema),
    fields: Type.Array(DetailFieldSchema, { minItems: 1 }),
    load: Type.Optional(
      Type.Object(
        { ...ServiceRef, idParam: Type.String({ minLength: 1, description: 'Body parameter receiving the row id' }), rowPath: Type.Optional(Type.String()) },
        { additionalProperties: false, description: 'Fetch the details of the selected row; its fields are shown instead of the row' },
      ),
    ),
    follow: Type.Optional(
      Type.Object(
        {
          seconds: Type.Integer({ minimum: 1, maximum: 600, description: 'How often the row is read again while the condition holds' }),
          while: Type.Object({ field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { minItems: 1 }) }, { additionalProperties: false }),
        },
        { additionalProperties: false, description: 'A row that moves on by itself (a running job): read again (load) while its field is one of in; when that field changes, the grid\'s rows and the panel\'s grid reload' },
      ),
    ),
    grid: Type.Optional(
      Type.Object(
        {
          definition: Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'The definition drawn under the fields (a grid)' }),
          context: Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), FieldName, { description: 'Context value of that grid ← field of the row' }),
        },
        { additionalProperties: false, description: 'Another definition\'s rows under the fields (an import\'s accounts, an order\'s lines); the panel is drawn wide' },
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
