/** The data source of a screen definition: the method that loads the rows and how it pages (server, client, offset, tree). (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { FieldName, FilterOperatorSchema, ParamBindings, ServiceRef, describe } from './common';

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
    keep: Type.Optional(
      Type.Array(
        Type.Object(
          {
            field: FieldName,
            in: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { minItems: 1, description: 'The value is one of these (null: missing too)' })),
            equalsContext: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'The value equals this context value' })),
            includesContext: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'The value is a list holding this context value' })),
          },
          { additionalProperties: false, description: 'Exactly one of in, equalsContext, includesContext; one naming a context value that is not set holds' },
        ),
        { minItems: 1, description: 'Only the rows for which one of these holds are shown (e.g. those meant for the context\'s kind of account)' },
      ),
    ),
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
    follow: Type.Optional(
      Type.Object(
        {
          seconds: Type.Integer({ minimum: 1, maximum: 600, description: 'How often the rows are read again while one is followed' }),
          while: Type.Object({ field: FieldName, in: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { minItems: 1 }) }, { additionalProperties: false }),
          dueField: Type.Optional(describe(FieldName, 'A date field: a row counts only once it has passed (a job scheduled later does not)')),
        },
        {
          additionalProperties: false,
          description: 'Client paging: while a row\'s field is one of in (a running job), the rows are read again in the background; the grid reloads when that field changed on any row',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
