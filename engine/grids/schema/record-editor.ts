/** The record editor of a screen definition: one record's header form, its lines, totals, notices and actions. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { RecordConditionSchema, RecordFactSchema } from './record-page';

const RecordPath = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*$', description: 'Dotted path into the record (a number picks an entry of a list: Order.ProductAccountIds.0)' });
const PartId = Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test id: {testId}-{id}' });
const Placeholder = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' });
const Conditions = Type.Array(RecordConditionSchema, { minItems: 1, description: 'Holds when every condition holds' });

/** A value a text names: a record value as it is, or formatted. */
export const EditorTextValueSchema = Type.Union([
  RecordPath,
  Type.Object(
    {
      field: RecordPath,
      format: Type.Union([Type.Literal('text'), Type.Literal('date'), Type.Literal('dateTime'), Type.Literal('count'), Type.Literal('list')], {
        description: 'date: in words (long); dateTime: date and time; count: entries of a list; list: entries joined with ", "',
      }),
      prefix: Type.Optional(Type.String({ maxLength: 5, description: 'list: before each entry (e.g. #)' })),
      labelPrefix: Type.Optional(Type.String({ minLength: 1, description: 'text: the value is a text key suffix (quotes.onBehalf.kinds. + SignedDocument)' })),
    },
    { additionalProperties: false },
  ),
]);

const TextParts = {
  values: Type.Optional(Type.Record(Placeholder, EditorTextValueSchema, { description: 'Placeholder → value of the record' })),
  texts: Type.Optional(Type.Record(Placeholder, TextRefSchema, { description: 'Placeholder → a text of its own (a capability\'s name)' })),
};

/** A text with values of the record. */
export const EditorLineSchema = Type.Object({ text: TextRefSchema, ...TextParts, when: Type.Optional(Conditions) }, { additionalProperties: false });

/** A notice: a text of the record's state (an order, a refusal's reason), shown when its conditions hold. */
export const EditorNoticeSchema = Type.Object(
  {
    kind: Type.Literal('notice'),
    id: Type.Optional(PartId),
    when: Type.Optional(Conditions),
    tone: Type.Union([Type.Literal('info'), Type.Literal('success'), Type.Literal('warning'), Type.Literal('error')]),
    text: TextRefSchema,
    ...TextParts,
    links: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Type.Optional(PartId), label: TextRefSchema, to: Type.String({ pattern: '^/', description: 'App route; {Path} is a value of the record; left out while one is missing' }) },
          { additionalProperties: false },
        ),
      ),
    ),
    details: Type.Optional(
      Type.Object(
        {
          id: Type.Optional(PartId),
          when: Type.Optional(Conditions),
          title: Type.Optional(TextRefSchema),
          lines: Type.Array(EditorLineSchema, { minItems: 1 }),
          download: Type.Optional(
            Type.Object(
              {
                id: PartId,
                label: TextRefSchema,
                ...TextParts,
                ...ServiceRef,
                recordParams: Type.Record(Type.String({ minLength: 1 }), RecordPath, { description: 'Body parameter ← value of the record' }),
                fileName: describe(RecordPath, 'The value naming the file'),
                when: Type.Optional(Conditions),
              },
              { additionalProperties: false, description: 'A button downloading a file the method answers' },
            ),
          ),
        },
        { additionalProperties: false, description: 'Lines under the notice\'s text (a confirmation it carries)' },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A field of the editor's form (a record property) or of an action's form (a body parameter). */
export const EditorFieldSchema = Type.Object(
  {
    id: PartId,
    field: describe(RecordPath, 'The record property (header form) or body parameter (action form) holding the value'),
    label: TextRefSchema,
    input: Type.Union([Type.Literal('text'), Type.Literal('textarea'), Type.Literal('date'), Type.Literal('select'), Type.Literal('lookup'), Type.Literal('file')], {
      description: 'text, textarea: trimmed text (null when empty); date: YYYY-MM-DD; select: one of options or optionsFrom; lookup: one record of optionsFrom, typed to find; file: {FileName, Content} in base64',
    }),
    required: Type.Optional(Type.Boolean()),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000 })),
    pattern: Type.Optional(Type.String({ minLength: 1, description: 'A regular expression the whole value must match (e.g. ^[A-Z]{3}$)' })),
    upperCase: Type.Optional(Type.Boolean({ description: 'Typed letters become capitals' })),
    help: Type.Optional(describe(TextRefSchema, 'Under the input while it is editable')),
    emptyText: Type.Optional(describe(TextRefSchema, 'date: under the empty input, and the read-only value when empty')),
    readOnlyField: Type.Optional(describe(RecordPath, 'The value shown when read-only (a lookup\'s name)')),
    readOnly: Type.Optional(Type.Union([Type.Literal('hidden'), Type.Literal('hiddenWhenEmpty')], { description: 'Left out of a read-only form (always, or when empty)' })),
    row: Type.Optional(Type.Integer({ minimum: 1, maximum: 9, description: 'Fields of a row stand side by side on a wide screen' })),
    width: Type.Optional(Type.Integer({ minimum: 1, maximum: 6, description: 'Share of the row; default 1' })),
    min: Type.Optional(Type.Union([Type.Literal('today'), RecordPath], { description: 'date: the earliest day: today or a date (or date and time) of the record' })),
    max: Type.Optional(Type.Literal('today')),
    default: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()], { description: 'The value a new form opens with; date: "today"' })),
    options: Type.Optional(Type.Array(Type.Object({ value: Type.Union([Type.String(), Type.Number()]), label: TextRefSchema }, { additionalProperties: false }), { minItems: 1 })),
    optionsFrom: Type.Optional(
      Type.Object(
        {
          ...ServiceRef,
          params: Type.Optional(ParamBindings),
          valueField: RecordPath,
          labelField: RecordPath,
          detailField: Type.Optional(describe(RecordPath, 'lookup: shown after the label in brackets')),
        },
        { additionalProperties: false, description: 'select, lookup: the options a method answers (a list), loaded while the form is editable' },
      ),
    ),
    emptyOption: Type.Optional(describe(TextRefSchema, 'select: the option for no value (null)')),
    fill: Type.Optional(Type.Record(RecordPath, RecordPath, { description: 'lookup: record property ← field of the chosen option (kept when the option\'s value does not fit the field\'s pattern)' })),
    fallback: Type.Optional(Type.String({ description: 'The value a fill gives an empty field when the option has none that fits' })),
    labelAs: Type.Optional(describe(RecordPath, 'lookup: record property receiving the chosen option\'s label (its name in texts)')),
    accept: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z0-9]+$' }), { minItems: 1, description: 'file: the extensions allowed' })),
    refused: Type.Optional(describe(TextRefSchema, 'file: shown when the file\'s extension is not allowed')),
    autoFocus: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A button of the editor: saving the record, or calling a method on it (with a confirmation or a form first). */
export const EditorActionSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('save'), Type.Literal('call')], { description: 'save: stores the edits (creates a new record); call: the method' }),
    id: PartId,
    label: TextRefSchema,
    icon: Type.Optional(Type.String({ description: 'MUI icon name (Save, Send, CheckCircle, Cancel, FileCopy, PictureAsPdf, Delete, AssignmentTurnedIn)' })),
    variant: Type.Optional(Type.Union([Type.Literal('contained'), Type.Literal('outlined'), Type.Literal('text')])),
    color: Type.Optional(Type.Union([Type.Literal('primary'), Type.Literal('success'), Type.Literal('error')])),
    editable: Type.Optional(Type.Boolean({ description: 'Shown only while the record is editable (true) or read-only (false)' })),
    when: Type.Optional(Conditions),
    requires: Type.Optional(describe(AccessSchema, 'Who sees the button (the server checks again)')),
    service: Type.Optional(Type.String({ minLength: 1 })),
    method: Type.Optional(Type.String({ minLength: 1 })),
    recordParams: Type.Optional(Type.Record(Type.String({ minLength: 1 }), RecordPath, { description: 'Body parameter (dotted path) ← value of the record; a path ending in [] gives a list of one' })),
    params: Type.Optional(ParamBindings),
    saveFirst: Type.Optional(Type.Boolean({ description: 'Needs a complete record: unsaved edits (or a new record) are saved before the call' })),
    confirmation: Type.Optional(
      Type.Object(
        {
          title: TextRefSchema,
          text: TextRefSchema,
          ...TextParts,
          count: Type.Optional(Type.Integer({ minimum: 1, description: '{{count}} of the text' })),
          confirmLabel: Type.Optional(TextRefSchema),
          destructive: Type.Optional(Type.Boolean()),
          width: Type.Optional(Type.Integer({ minimum: 300, maximum: 800, description: 'Dialog width in pixels' })),
        },
        { additionalProperties: false, description: 'Asked before the call; values may name edited fields' },
      ),
    ),
    form: Type.Optional(
      Type.Object(
        {
          title: TextRefSchema,
          intro: Type.Optional(TextRefSchema),
          ...TextParts,
          fields: Type.Array(EditorFieldSchema, { minItems: 1 }),
          notice: Type.Optional(describe(TextRefSchema, 'An information under the fields')),
          submitLabel: TextRefSchema,
          testId: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test ids {testId}-{field id} and {testId}-confirm' }),
          dialogTestId: Type.Optional(Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$' })),
          wide: Type.Optional(Type.Boolean({ description: 'A wider dialog' })),
        },
        { additionalProperties: false, description: 'A dialog form whose values join the call\'s body' },
      ),
    ),
    result: Type.Optional(
      Type.Union([Type.Literal('record'), Type.Literal('download'), Type.Literal('leave'), Type.Literal('none')], {
        description: 'record (default): the answer is the record (a new one opens at its route); download: a file; leave: the record is gone, go to leaveTo',
      }),
    ),
    fileName: Type.Optional(Type.String({ minLength: 1, description: 'download: the file name when the answer has none; {Path} is a value of the record' })),
    leaveTo: Type.Optional(Type.String({ pattern: '^/' })),
    done: Type.Optional(describe(TextRefSchema, 'Shown after the call; may name values of the record')),
    doneValues: Type.Optional(Type.Record(Placeholder, EditorTextValueSchema)),
  },
  { additionalProperties: false },
);

/**
 * One record edited on its own page (a quote): loaded by a call with the
 * context's id (none: a new record), a heading with its status, notices of its
 * state, a header form bound to its properties, the definition's lines
 * (lineEditor), totals of the stored record, and actions that save it or call
 * a method on it as its state allows.
 */
export const RecordEditorSchema = Type.Object(
  {
    testId: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test id of the page; its parts are {testId}-{id}' }),
    idContext: describe(Type.String({ minLength: 1 }), 'The context value naming the record; without it the editor opens a new record'),
    load: Type.Object({ ...ServiceRef, params: Type.Optional(ParamBindings) }, { additionalProperties: false }),
    notFound: describe(TextRefSchema, 'Shown when the id is not a number'),
    route: Type.String({ pattern: '^/', description: 'Where a stored record opens; {Path} is a value of the record' }),
    create: Type.Object({ ...ServiceRef, param: Type.String({ minLength: 1 }) }, { additionalProperties: false, description: 'Stores a new record: the body parameter receiving it' }),
    update: Type.Object({ ...ServiceRef, param: Type.String({ minLength: 1 }), idField: RecordPath }, { additionalProperties: false, description: 'Stores the edits: the record with its id' }),
    editableWhen: describe(Conditions, 'A stored record is editable when these hold (a new one always is)'),
    incomplete: describe(TextRefSchema, 'Shown when a save is asked of an incomplete record'),
    saved: TextRefSchema,
    title: Type.Object({ text: TextRefSchema, ...TextParts, new: describe(TextRefSchema, 'The heading of a new record') }, { additionalProperties: false }),
    status: Type.Optional(
      Type.Object(
        {
          field: RecordPath,
          labelPrefix: Type.String({ minLength: 1 }),
          colors: Type.Optional(Type.Record(Type.String(), Type.Union([Type.Literal('default'), Type.Literal('info'), Type.Literal('success'), Type.Literal('warning'), Type.Literal('error')]))),
        },
        { additionalProperties: false, description: 'A chip after the heading' },
      ),
    ),
    subtitle: Type.Optional(Type.Array(EditorLineSchema, { description: 'Grey texts after the status' })),
    notices: Type.Optional(Type.Array(EditorNoticeSchema, { description: 'Above the form' })),
    fields: Type.Array(EditorFieldSchema, { minItems: 1 }),
    lines: Type.Optional(
      Type.Object(
        {
          field: describe(RecordPath, 'The record property holding the lines (the definition\'s lineEditor edits them)'),
          context: Type.Optional(Type.Record(Type.String({ minLength: 1 }), RecordPath, { description: 'Context value of the lines ← value of the form (while valid)' })),
          invalid: describe(TextRefSchema, 'Shown while a chosen line has a marked field'),
        },
        { additionalProperties: false },
      ),
    ),
    totals: Type.Optional(
      Type.Object(
        {
          id: PartId,
          title: TextRefSchema,
          facts: Type.Array(RecordFactSchema, { minItems: 1 }),
          total: Type.Optional(Type.Composite([RecordFactSchema, Type.Object({ id: PartId })], { additionalProperties: false })),
          footer: Type.Optional(Type.Object({ id: PartId, lines: Type.Array(EditorLineSchema, { minItems: 1, description: 'The first that holds is shown' }) }, { additionalProperties: false })),
          stale: describe(TextRefSchema, 'Shown while there are unsaved edits (the totals are the stored record\'s)'),
        },
        { additionalProperties: false, description: 'Labelled values of the stored record beside the form' },
      ),
    ),
    actions: Type.Array(Type.Union([EditorActionSchema, EditorNoticeSchema]), { description: 'Buttons beside the form, in order; notices among them' }),
    refresh: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: 'Cached answers of the app read again after a change (their first key)' })),
  },
  { additionalProperties: false },
);
