/** Lists of links side by side, each from its own call (part of definition-schema.ts). */
import { Type } from '@sinclair/typebox';
import { CapabilityRefSchema, FieldName, IconSchema, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { ValueKindSchema } from './columns';
import { RecordConditionSchema } from './record-page';

const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });
const Path = Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' });

/** Fixed symbols a list may show before every entry (renderers/grids/LinkLists.tsx draws them). */
export const LIST_SYMBOLS = ['Apps', 'Article', 'Folder', 'Link'] as const;

/** Where a link goes: a route of the app, or a link of the shell's table that the screen host resolves. */
export const LinkTargetSchema = Type.Object(
  {
    to: Type.Optional(Type.String({ pattern: '^/', description: 'A route of the app, {Field} of the row (or of the context)' })),
    shellLink: Type.Optional(
      Type.String({
        pattern: '^[a-z][A-Za-z0-9]*$',
        description: 'A link of the shell\'s table (src/shell/links.ts, e.g. serviceDetail) resolved by the screen host: it may lead to the legacy app when the branding names one, and is left out when it leads nowhere',
      }),
    ),
    params: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
        Type.Union([
          Type.Object({ field: Path }, { additionalProperties: false }),
          Type.Object(
            { context: Type.String({ minLength: 1 }), encoding: Type.Optional(Type.Literal('base64', { description: 'base64 of the value\'s UTF-8 bytes' })) },
            { additionalProperties: false },
          ),
        ]),
        { description: 'The shell link\'s parameters: a field of the row, or a context value' },
      ),
    ),
    fallback: Type.Optional(Type.String({ pattern: '^/', description: 'The route (as `to`) used when the shell link leads nowhere (e.g. without the host\'s resolver, in the studio)' })),
  },
  { additionalProperties: false, description: 'Exactly one of `to` and `shellLink`' },
);

/** One part of the line under an entry's name; parts without a value are left out, the rest joined with ·. */
export const ListDetailSchema = Type.Object(
  {
    field: Type.Optional(describe(Path, 'The value shown')),
    valueKind: Type.Optional(ValueKindSchema),
    prefix: Type.Optional(Type.String({ pattern: '^[^A-Za-z0-9]{1,3}$', description: 'A sign before the value (e.g. #)' })),
    text: Type.Optional(describe(TextRefSchema, 'A text shown instead of a value (with `when`)')),
    when: Type.Optional(describe(RecordConditionSchema, 'Shown only for entries it holds for')),
  },
  { additionalProperties: false, description: 'A value (`field`) or a text (`text`)' },
);

const ServerPaging = Type.Object(
  {
    mode: Type.Literal('hasMore', { description: 'The method pages: it gets the first row and the page size, and says whether more follow' }),
    startParam: describe(Path, 'Body parameter of the first row (0 based)'),
    sizeParam: describe(Path, 'Body parameter of the page size'),
    hasMorePath: describe(Path, 'Answer\'s path of "more rows follow" (true/false)'),
  },
  { additionalProperties: false },
);
const ClientPaging = Type.Object(
  {
    mode: Type.Literal('client', { description: 'The method answers every row; the list pages in the browser' }),
    totalPath: Type.Optional(describe(Path, 'Answer\'s path of the count of every match (the title\'s and `more`\'s {{count}}); default the rows\' count')),
  },
  { additionalProperties: false },
);

export const LinkListSchema = Type.Object(
  {
    id: TestId,
    title: describe(TextRefSchema, 'The list\'s heading; {{count}} is the client-paged list\'s total'),
    requires: Type.Optional(Type.Array(CapabilityRefSchema, { minItems: 1, description: 'Shown (and called) only for whom holds one of these' })),
    testId: Type.Optional(describe(TestId, 'The list\'s test id; default {id of the definition}-{id}')),
    itemTestId: Type.Optional(describe(TestId, 'Each entry\'s test id; default {list test id}-item')),
    source: Type.Object(
      {
        ...ServiceRef,
        params: Type.Optional(ParamBindings),
        rowsPath: describe(Path, 'Answer\'s path of the rows'),
        pageSize: Type.Integer({ minimum: 1, maximum: 500 }),
        paging: Type.Union([ServerPaging, ClientPaging]),
      },
      { additionalProperties: false, description: 'The call that gives the entries' },
    ),
    item: Type.Object(
      {
        idField: FieldName,
        titleField: describe(Path, 'The entry\'s name'),
        link: LinkTargetSchema,
        icon: Type.Optional(describe(IconSchema, 'A symbol by the value of a field')),
        symbol: Type.Optional(Type.Union(LIST_SYMBOLS.map((name) => Type.Literal(name)), { description: 'One symbol before every entry' })),
        details: Type.Optional(Type.Array(ListDetailSchema, { minItems: 1, description: 'The line under the name' })),
        mutedWhen: Type.Optional(describe(RecordConditionSchema, 'Entries drawn muted (e.g. terminated ones)')),
      },
      { additionalProperties: false },
    ),
    empty: describe(TextRefSchema, 'Said when there are no entries'),
    failed: describe(TextRefSchema, 'Said when the call fails'),
    more: Type.Optional(
      Type.Object(
        { label: describe(TextRefSchema, 'The link\'s text; {{count}} the total'), link: LinkTargetSchema },
        { additionalProperties: false, description: 'A link under the list while it has entries (e.g. every match on another screen)' },
      ),
    ),
  },
  { additionalProperties: false },
);

/** Several lists of links, side by side on a wide window (each its own call, paging and access), under the page's heading. */
export const LinkListsSchema = Type.Object(
  {
    testId: Type.Optional(describe(TestId, 'The lists\' test id; default {id of the definition}-lists')),
    lists: Type.Array(LinkListSchema, { minItems: 1, maxItems: 4 }),
    previewContext: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }), Type.String({ minLength: 1, maxLength: 200 }), { description: 'Context values the studio preview opens with (e.g. a sample search text)' }),
    ),
    pager: Type.Object(
      {
        previous: TextRefSchema,
        next: TextRefSchema,
        page: describe(TextRefSchema, 'The page\'s number, {{page}}'),
      },
      { additionalProperties: false, description: 'The page buttons\' texts (test ids {list test id}-previous, -next)' },
    ),
  },
  { additionalProperties: false },
);
