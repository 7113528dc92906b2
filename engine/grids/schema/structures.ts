/** Facets, search box, named sort orders and cards of a screen definition. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, IconSchema, TextRefSchema, describe } from './common';
import { OptionsSourceSchema } from './pickers';
import { LinkSchema, ValueKindSchema } from './columns';

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
    contextEncoding: Type.Optional(Type.Literal('base64', { description: 'The context value is base64 of UTF-8 (a route segment that may hold any text); undecodable: no text' })),
    alsoMetadata: Type.Optional(Type.Boolean({ description: 'Send the text to the metadata method too (counts follow the search); default true' })),
    minLength: Type.Optional(Type.Integer({ minimum: 2, maximum: 20, description: 'Grids: a shorter text is not sent; tooShort says so' })),
    tooShort: Type.Optional(describe(TextRefSchema, 'Grids: said under a text shorter than minLength; {{length}} is minLength')),
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

/** A search beside a tree that reaches every node (a level shows only its first ones): the found row's route opens. */
export const TreeFindSchema = Type.Object(
  {
    label: TextRefSchema,
    placeholder: Type.Optional(describe(TextRefSchema, 'Shown in the empty input')),
    empty: Type.Optional(describe(TextRefSchema, 'Shown when nothing matches; default "No options"')),
    options: describe(OptionsSourceSchema, 'The rows offered as the user types (needs searchParam)'),
    icon: Type.Optional(IconSchema),
    to: Type.String({ pattern: '^/', description: 'Route the chosen row opens; {Field} is its value (URL-encoded)' }),
  },
  { additionalProperties: false },
);

/** How a tree data source is drawn beyond its columns. */
export const TreeViewSchema = Type.Object(
  {
    icon: Type.Optional(describe(IconSchema, 'A symbol before each node\'s name')),
    truncated: Type.Optional(describe(TextRefSchema, 'Shown under a level the server cut at its limit; uses {{count}}')),
    find: Type.Optional(TreeFindSchema),
  },
  { additionalProperties: false, description: 'A tree data source\'s symbols, its note under a cut level and its search' },
);
