/** A record page's offline-edit round trip with a preview: a choice, the file downloaded, the edited file uploaded and its changes shown, then saved; and a row that opens a record page in a dialog. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';

const DottedPath = Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' });
const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'The element\'s test id (data-testid)' });

export const PreviewColumnSchema = Type.Object(
  {
    field: FieldName,
    label: TextRefSchema,
    textKey: Type.Optional(Type.String({ pattern: '^[A-Za-z][\\w-]*(\\.[\\w-]+)*\\.\\{value\\}$', description: 'The value shown as this translation key, {value} replaced (e.g. catalog.fields.names.{value})' })),
    role: Type.Optional(Type.Union([Type.Literal('before'), Type.Literal('after')], { description: 'before: struck through on a changed row; after: bold on a changed row' })),
  },
  { additionalProperties: false },
);

export const FileRoundTripBlockSchema = Type.Object(
  {
    kind: Type.Literal('fileRoundTrip'),
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Test ids <id>-choice, <id>-choice-<value>, <id>-download, <id>-upload, <id>-file, <id>-upload-error, <id>-preview, <id>-changed-row, <id>-save' }),
    choice: Type.Object(
      {
        context: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Context value the choice sets for the calls (bind it in their params)' }),
        label: TextRefSchema,
        options: Type.Array(Type.Object({ value: Type.String({ minLength: 1 }), label: TextRefSchema }, { additionalProperties: false }), { minItems: 1 }),
        default: Type.String({ minLength: 1, description: 'The value chosen first' }),
        preferLocale: Type.Optional(Type.Boolean({ description: 'The page\'s language comes first when it is one of the options' })),
      },
      { additionalProperties: false, description: 'What the file is about (e.g. the language of the texts); a new choice drops the preview' },
    ),
    download: Type.Object(
      {
        label: TextRefSchema,
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        fileName: Type.String({ minLength: 1, maxLength: 160, description: 'The file\'s name; {name} is a context value' }),
      },
      { additionalProperties: false },
    ),
    upload: Type.Object(
      {
        label: TextRefSchema,
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        contentParam: describe(DottedPath, 'Body parameter receiving the file (base64)'),
        accept: Type.Optional(Type.String({ pattern: '^\\.[a-z0-9]+(,\\.[a-z0-9]+)*$' })),
      },
      { additionalProperties: false, description: 'The method answers what the file would change; nothing is saved yet' },
    ),
    preview: Type.Object(
      {
        rowsField: describe(DottedPath, 'Property of the upload\'s answer holding the rows'),
        changedField: describe(FieldName, 'Field of a row that is true when the file changes it'),
        countField: describe(DottedPath, 'Property of the answer with the number of changes'),
        changes: describe(TextRefSchema, 'Shown above the rows when something changes; may use {{count}} and the choice\'s context name (e.g. {{language}}: the chosen option)'),
        noChanges: describe(TextRefSchema, 'Shown when nothing changes'),
        columns: Type.Array(PreviewColumnSchema, { minItems: 1, maxItems: 6 }),
      },
      { additionalProperties: false },
    ),
    save: Type.Object(
      {
        label: TextRefSchema,
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        rowsParam: describe(DottedPath, 'Body parameter receiving the changed rows'),
        rowFields: Type.Record(FieldName, FieldName, { description: 'Field sent ← field of the previewed row' }),
        done: describe(TextRefSchema, 'Shown when saved'),
      },
      { additionalProperties: false, description: 'Sends the changed rows; offered only when something changes' },
    ),
    title: Type.Optional(TextRefSchema),
    help: Type.Optional(TextRefSchema),
  },
  { additionalProperties: false, description: 'The offline-edit round trip of a record: download, upload, see the changes, save' },
);

/** A row that opens a record page (another definition) in a dialog, the row's fields as its context. */
export const RowDialogSchema = Type.Object(
  {
    definition: Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'The definition drawn in the dialog (a record page)' }),
    context: Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), FieldName, { description: 'Context value of the dialog ← field of the row' }),
    closeLabel: TextRefSchema,
    testId: Type.Optional(TestId),
  },
  { additionalProperties: false, description: 'A click on a row (or Enter) opens the record page in a dialog; the rows reload when it saved something' },
);
