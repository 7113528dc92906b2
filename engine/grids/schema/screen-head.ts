/** What a definition's page shows around its rows: a call the rows wait for (its refusals explained), a subtitle, help, chips from a method; and the offline-edit round trip of a file (download, upload with its error table). (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';

const DottedPath = Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' });
const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'The element\'s test id (data-testid)' });

/** A refusal of the head's call (an HTTP status) explained on the screen, once, instead of the rows. */
export const HeadRefusalSchema = Type.Object(
  {
    status: Type.Integer({ minimum: 400, maximum: 599, description: 'The status the call answers with' }),
    text: describe(TextRefSchema, 'Shown instead of the rows (and of the file buttons)'),
    testId: Type.Optional(TestId),
  },
  { additionalProperties: false },
);

export const HeadSchema = Type.Object(
  {
    help: Type.Optional(describe(TextRefSchema, 'Shown under the heading (not when the head\'s call was refused)')),
    source: Type.Optional(
      Type.Object(
        {
          ...ServiceRef,
          params: Type.Optional(ParamBindings),
          subtitleField: Type.Optional(describe(DottedPath, 'Property of the answer shown under the heading')),
          refusals: Type.Optional(Type.Array(HeadRefusalSchema, { minItems: 1 })),
        },
        { additionalProperties: false, description: 'A call made first: the rows, chips and file buttons wait for its answer; its errors are shown on the screen, not as messages' },
      ),
    ),
    chips: Type.Optional(
      Type.Object(
        {
          ...ServiceRef,
          params: Type.Optional(ParamBindings),
          rowsPath: Type.Optional(describe(DottedPath, 'Property of the answer holding the rows; the answer itself when absent')),
          label: describe(TextRefSchema, 'Shown before the chips'),
          fields: Type.Array(FieldName, { minItems: 1, maxItems: 3, description: 'Fields of a row shown as its chip, joined with ·' }),
          testId: Type.Optional(TestId),
        },
        { additionalProperties: false, description: 'Rows of a method shown as chips above the rows (after the source answered; nothing when it fails)' },
      ),
    ),
  },
  { additionalProperties: false, description: 'What the page shows above its rows beyond the title' },
);

const ErrorColumnSchema = Type.Object({ field: FieldName, label: TextRefSchema }, { additionalProperties: false });

export const FileTransferSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Test ids <id>-download, <id>-upload, <id>-file, <id>-upload-error, <id>-upload-errors' }),
    download: Type.Optional(
      Type.Object(
        {
          label: TextRefSchema,
          ...ServiceRef,
          params: Type.Optional(ParamBindings),
          fileName: Type.String({ minLength: 1, maxLength: 120, description: 'The file\'s name when the answer names none' }),
        },
        { additionalProperties: false, description: 'A button saving the file the method answers ({FileName, ContentType, Content})' },
      ),
    ),
    upload: Type.Optional(
      Type.Object(
        {
          label: TextRefSchema,
          requires: Type.Optional(describe(AccessSchema, 'Who sees the button (the server checks again)')),
          ...ServiceRef,
          params: Type.Optional(ParamBindings),
          nameParam: Type.Optional(describe(DottedPath, 'Body parameter receiving the file\'s name')),
          contentParam: describe(DottedPath, 'Body parameter receiving the file (base64)'),
          accept: Type.Optional(Type.String({ pattern: '^\\.[a-z0-9]+(,\\.[a-z0-9]+)*$', description: 'File types offered by the chooser, e.g. .xlsx (the server checks the content)' })),
          savedField: Type.Optional(describe(DottedPath, 'Property of the answer that is true when the file was saved; saved whenever it answers when absent')),
          countField: Type.Optional(describe(DottedPath, 'Property of the answer with the number of rows changed ({{count}} of done)')),
          done: describe(TextRefSchema, 'Shown when saved; may use {{count}}'),
          errors: Type.Optional(
            Type.Object(
              {
                field: describe(DottedPath, 'Property of the answer holding the errors (an array of rows)'),
                title: describe(TextRefSchema, 'Heading of the table; may use {{count}}, the number of errors'),
                columns: Type.Array(ErrorColumnSchema, { minItems: 1, maxItems: 6 }),
              },
              { additionalProperties: false, description: 'A file not saved: its errors as a table (e.g. row, column, problem)' },
            ),
          ),
        },
        { additionalProperties: false, description: 'A button choosing a file sent to the method; the rows reload when it was saved' },
      ),
    ),
  },
  { additionalProperties: false, description: 'The offline-edit round trip: the rows downloaded as a file, the edited file uploaded' },
);
