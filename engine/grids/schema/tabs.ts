/**
 * Tabs (part of definition-schema.ts): a record page — the record's head (as panes draw it) over tabs, each tab
 * drawing another screen definition by name with the page's context. A route parameter chooses the tab ('' the
 * first); a segment naming no tab shows the not-found page. The tabs come from a method's answer (the row matching
 * the record, its list of tabs: the server already left out those the caller may not see) or are listed here, each
 * shown by its access requirement.
 */
import { Type } from '@sinclair/typebox';
import { HOST_TABS } from '../../../contract/host-tabs';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { HeadSchema } from './panes';

const ContextName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'Name of a context value' });
const DefinitionName = Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'Another screen definition (its file name without .json)' });
const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });
const Segment = Type.String({ pattern: '^([a-z0-9][a-z0-9-]*)?$', description: "Route segment of the tab ('' for the first)" });
const HostTab = Type.Union(HOST_TABS.map((name) => Type.Literal(name)), { description: 'A tab the app draws by name (contract/host-tabs.ts), until it is a definition' });

const ListedTabSchema = Type.Object(
  {
    path: Segment,
    label: TextRefSchema,
    definition: Type.Optional(describe(DefinitionName, 'The definition the tab draws')),
    host: Type.Optional(HostTab),
    requires: Type.Optional(describe(AccessSchema, 'Who sees the tab (the definition\'s own access is checked again)')),
  },
  { additionalProperties: false, description: 'A tab listed in the definition: exactly one of definition and host' },
);

const FromSchema = Type.Object(
  {
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    match: Type.Object(
      { field: FieldName, record: describe(FieldName, 'The record\'s field the row\'s field equals') },
      { additionalProperties: false, description: 'The row of the answer (a list) holding the record\'s tabs' },
    ),
    tabsField: describe(FieldName, 'The row\'s list of tabs'),
    fields: Type.Object(
      {
        path: FieldName,
        label: describe(FieldName, 'The tab\'s title, already in the caller\'s language'),
        definition: describe(FieldName, 'The definition the tab draws'),
        host: Type.Optional(describe(FieldName, 'A host tab\'s name (contract/host-tabs.ts) instead of a definition')),
      },
      { additionalProperties: false, description: 'Fields of a tab' },
    ),
  },
  { additionalProperties: false, description: 'The tabs from a method\'s answer (the caller may see every tab it gives)' },
);

export const TabsSchema = Type.Object(
  {
    testId: describe(TestId, 'The page\'s test id; a tab\'s is {tabTestId}-{path or first}, its content\'s {pageTestId}-{path}'),
    tabTestId: TestId,
    pageTestId: TestId,
    first: describe(TestId, 'Stands for the first tab\'s empty path in test ids (details)'),
    param: describe(ContextName, 'The route parameter naming the tab (missing or empty: the first)'),
    to: Type.String({ pattern: '^/', description: 'The page\'s route, {name} a context value; a tab adds /{path}' }),
    context: Type.Record(ContextName, ContextName, { description: 'The tab\'s context value → this page\'s context value (the record\'s included)' }),
    head: Type.Optional(HeadSchema),
    from: Type.Optional(FromSchema),
    list: Type.Optional(Type.Array(ListedTabSchema, { minItems: 1 })),
    notFound: Type.Object(
      { title: TextRefSchema, text: TextRefSchema, home: describe(TextRefSchema, 'A button to the start page') },
      { additionalProperties: false, description: 'Shown for a record that is not found and a segment naming no tab (test id not-found)' },
    ),
    loadFailed: describe(TextRefSchema, 'Said when the record cannot be loaded (other than not found)'),
    loadFailedTestId: Type.Optional(TestId),
    width: Type.Optional(Type.Integer({ minimum: 480, maximum: 2400, description: 'The page\'s greatest width in px' })),
    height: Type.Optional(Type.String({ pattern: '^[a-z0-9 ()+.,%-]+$', description: 'A grid tab\'s height (CSS)' })),
  },
  { additionalProperties: false, description: 'A record page of tabs: exactly one of from and list; the definition needs `record` (the head and a 404 read it)' },
);
