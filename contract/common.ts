/**
 * Schema pieces shared by several services.
 *
 * Naming convention of the contract (see the catalogue test):
 * - top-level body parameters are named exactly as spec §7 writes them (camelCase);
 * - fields inside payload objects and results are PascalCase, like every object
 *   the spec shows (session user, search filter, search results, view layout);
 * - the one exception is a grid query (`query`, `input`): it carries AG Grid's own
 *   models (`startRow`, `sortModel`, `filterModel`, ...) unchanged.
 *
 * Schemas with a `pattern` carry an `examples` entry so tests can build valid bodies.
 */
import { Type } from '@sinclair/typebox';
import { Opt } from './define';
import { MAX_ID } from './hardening';

/** A numeric id of a stored record (service, request, import, quote, ...). */
export const Id = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, description });

/** A non-empty list of ids, for bulk actions. */
export const IdList = (description: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { minItems: 1, maxItems: 1000, uniqueItems: true, description });

/** A required, non-empty name. */
export const Name = (maxLength = 256, description?: string) => Type.String({ minLength: 1, maxLength, description });

/** Free text that may be empty. */
export const Text = (maxLength: number, description?: string) => Type.String({ maxLength, description });

/** Services and products are addressed by their unique name in most calls. */
export const ServiceName = (description = 'Unique service (product) name') =>
  Type.String({ minLength: 1, maxLength: 256, description });

/** Account type as layouts and accounts carry it (User, Department, Company, Reseller, Vendor, product types). */
export const AccountType = (description = 'Account type, e.g. User, Department, Company, Reseller, Vendor') =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', examples: ['Company'], description });

export const CurrencyCode = (description = 'ISO 4217 currency code') =>
  Type.String({ pattern: '^[A-Z]{3}$', examples: ['EUR'], description });

/** Language code as the language selector sends it (en, de, pt, en_EN, en-GB, ...). */
export const LanguageCode = (description = 'Language code') =>
  Type.String({ minLength: 2, maxLength: 10, pattern: '^[a-z]{2}([-_][A-Za-z]{2})?$', examples: ['en'], description });

export const DateTime = (description?: string) => Type.String({ format: 'date-time', description });
export const DateOnly = (description?: string) => Type.String({ format: 'date', description });

/** Largest accepted upload: about 10 MB of file as base64 text. */
export const MAX_BASE64_LENGTH = 14_000_000;

/** File content sent as base64 text inside the JSON body. */
export const Base64File = (description = 'File content, base64') =>
  Type.String({
    contentEncoding: 'base64',
    minLength: 4,
    maxLength: MAX_BASE64_LENGTH,
    pattern: '^[A-Za-z0-9+/]*={0,2}$',
    examples: ['UEsDBA=='],
    description,
  });

/** A file name without path separators. */
export const FileName = (description = 'File name') =>
  Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/\\\\]+$', examples: ['file.xlsx'], description });

/** A downloaded file (exports, PDFs, Excel sheets). */
export const FileResultSchema = Type.Object({
  FileName: Type.String(),
  ContentType: Type.String({ description: 'MIME type, e.g. application/pdf' }),
  Content: Type.String({ contentEncoding: 'base64' }),
});

/** A value of one field of a view (what forms send and validate). */
export const FieldValue = Type.Union([Type.String({ maxLength: 4000 }), Type.Number(), Type.Boolean(), Type.Null()]);

/** One option of an enum field (spec §3 field definition EnumMembers). */
export const EnumMemberSchema = Type.Object({
  DisplayName: Type.String(),
  Value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
});

/** A non-empty list of enum options for GetEnumDataForField / ResolveRemoteEnum. */
export const EnumMembersSchema = Type.Array(EnumMemberSchema);

/** AG Grid sort model entry. */
export const SortModelEntry = Type.Object(
  {
    colId: Type.String({ minLength: 1, maxLength: 128 }),
    sort: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
  },
  { additionalProperties: false },
);

/** AG Grid filter model: column id → that column's filter (shape depends on the filter type). */
export const FilterModel = Type.Record(
  Type.String(),
  Type.Object({ filterType: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: true }),
  { description: 'AG Grid filter model: column id → filter model' },
);

/** Rows one grid request is answered at most: a wider range gets its first rows. */
export const MAX_PAGE_ROWS = 500;
/** How deep a grid page may start without the cursor of the block before it (OFFSET scans every row it skips). */
export const MAX_OFFSET_ROWS = 10_000;

/**
 * Properties of a server-side grid page request (AG Grid infinite row model). JSON Schema cannot
 * relate endRow to startRow, so the server answers at most MAX_PAGE_ROWS rows of any range
 * instead of refusing a wide one.
 */
export const GridQueryProperties = {
  startRow: Type.Integer({ minimum: 0, description: 'First row, inclusive' }),
  endRow: Type.Integer({
    minimum: 1,
    description: `Last row, exclusive. At most ${MAX_PAGE_ROWS} rows are answered per request: a wider range gets its first ${MAX_PAGE_ROWS}, an empty one none`,
  }),
  sortModel: Opt(Type.Array(SortModelEntry, { maxItems: 1, description: 'One sort at a time' })),
  filterModel: Opt(FilterModel),
  searchText: Opt(Type.String({ maxLength: 256, description: 'Quick search over the visible columns' })),
  cursor: Opt(
    Type.String({ maxLength: 1024, pattern: '^[A-Za-z0-9_-]*$', examples: ['eyJ2IjoxfQ'], description: 'Keyset continuation: the NextCursor of the block ending at startRow (servers may ignore it)' }),
  ),
};

/** Schema options of a keyset-paged grid query: without a cursor, startRow is at most MAX_OFFSET_ROWS. */
export const GridQueryDepthRule = {
  if: { required: ['cursor'], properties: { cursor: { type: 'string' } } },
  else: {
    properties: { startRow: { maximum: MAX_OFFSET_ROWS, description: `Without a cursor at most ${MAX_OFFSET_ROWS}: deeper rows follow NextCursor` } },
  },
};

/** A grid page request; `deepOffsets`: the server jumps to any startRow without a cursor (no depth rule). */
export const GridQuery = (description = 'Grid page request', { deepOffsets = false } = {}) =>
  Type.Object(GridQueryProperties, { additionalProperties: false, description, ...(deepOffsets ? {} : GridQueryDepthRule) });

/** A page of grid rows. */
export const GridPageSchema = Type.Object({
  Rows: Type.Array(Type.Unknown()),
  TotalCount: Type.Integer({ minimum: 0 }),
  TotalIsEstimate: Type.Optional(Type.Boolean({ description: 'TotalCount is an estimate (large unfiltered views)' })),
  NextCursor: Type.Optional(Type.String({ description: 'Send as query.cursor with the block starting after these rows' })),
});
