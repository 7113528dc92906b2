/**
 * Panes (part of definition-schema.ts): a screen made of other definitions — a tree beside (`side`), the
 * record the screen is about as a head (`head`: the way up, its name, chips, links, links a method's
 * answer gives, actions on it), and another definition's rows under it (`main`).
 */
import { Type } from '@sinclair/typebox';
import { FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { ValueKindSchema } from './columns';
import { ActionButtonSchema } from './record-page';

const Route = Type.String({ pattern: '^/', description: 'A route of the app; {Field} is a value of the row (or of the record)' });
const ContextName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'Name of a context value' });
const DefinitionName = Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'Another screen definition (its file name without .json)' });
const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });
const DottedPath = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Dotted path in the record (Views.Values.DisplayName)' });
const ContextMap = Type.Record(ContextName, ContextName, { description: 'Its context value → this screen\'s context value' });
const ChipColor = Type.Union(['default', 'primary', 'secondary', 'success', 'info', 'warning', 'error'].map((color) => Type.Literal(color)));

const SideSchema = Type.Object(
  {
    definition: describe(DefinitionName, 'A tree definition (paging mode "tree") drawn beside the rows, without its title, switches and search'),
    context: ContextMap,
    label: describe(TextRefSchema, 'The side\'s accessible name (a navigation landmark)'),
    testId: Type.Optional(describe(TestId, 'Default {id}-side')),
    nodeTo: describe(Route, 'Where a node\'s name leads ({Field} of the node), e.g. this screen with the node chosen'),
    selected: describe(ContextName, 'The context value naming the node marked as the current one'),
    openPath: Type.Optional(
      Type.Object(
        { path: describe(FieldName, 'A list of the record (its ancestors)'), idField: FieldName },
        { additionalProperties: false, description: 'The nodes opened down to the current one: the ids of a list of the record' },
      ),
    ),
  },
  { additionalProperties: false },
);

const MainSchema = Type.Object(
  {
    definition: describe(DefinitionName, 'The definition whose rows are drawn under the head (without its title)'),
    context: ContextMap,
    testId: Type.Optional(describe(TestId, 'Default {id}-main (the head and the rows)')),
    rowOpens: Type.Optional(describe(Route, 'A row (click or Enter) opens that route, {Field} of the row')),
    height: Type.Optional(Type.String({ pattern: '^[a-z0-9 ()+.,%-]+$', description: 'The rows\' height (CSS), e.g. max(360px, calc(100vh - 380px))' })),
  },
  { additionalProperties: false },
);

const HeadChipSchema = Type.Object(
  {
    field: FieldName,
    valueKind: Type.Optional(describe(ValueKindSchema, 'Its text from the value-kind registry; without it the value')),
    hiddenWhen: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number()]), { minItems: 1, description: 'Values that show no chip (e.g. Active); an empty value shows none either' })),
    colors: Type.Optional(Type.Record(Type.String(), ChipColor, { description: 'Value → colour; default the default colour' })),
    defaultColor: Type.Optional(ChipColor),
    testId: Type.Optional(describe(TestId, 'Default head-chip-{field}')),
  },
  { additionalProperties: false },
);

const HeadLinkSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$' }),
    label: TextRefSchema,
    icon: Type.Optional(Type.String({ description: 'MUI icon name (renderers/grids/action-icons.tsx)' })),
    to: describe(Route, '{Field} of the record'),
    emphasis: Type.Optional(Type.Boolean({ description: 'Drawn as the main button' })),
    testId: Type.Optional(describe(TestId, 'Default {id}-{link id}')),
  },
  { additionalProperties: false },
);

const RowTestSchema = Type.Union([
  Type.Object({ field: FieldName, equals: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }, { additionalProperties: false }),
  Type.Object({ field: FieldName, includesRecord: describe(FieldName, 'The row\'s list holds this field of the record') }, { additionalProperties: false }),
]);

const LinksFromSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$' }),
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    rowsPath: Type.Optional(describe(FieldName, 'The list in the answer; default the answer itself')),
    where: Type.Optional(Type.Array(RowTestSchema, { minItems: 1, description: 'Every test must hold for a row to give a link' })),
    label: describe(TextRefSchema, 'The button\'s text; {{placeholder}} from labelValues'),
    labelValues: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), FieldName, { description: 'Placeholder → field of the row' })),
    labelKey: Type.Optional(Type.String({ pattern: '^[A-Za-z][\\w-]*(\\.([\\w-]+|\\{[A-Za-z][A-Za-z0-9_]*\\}))+$', description: 'A text key naming fields of the row (account.new.{AccountType}), used when the locales have it; else label' })),
    icon: Type.Optional(Type.String()),
    to: describe(Route, '{Field} of the row, else of the record'),
    testId: describe(Type.String({ pattern: '^[a-z][a-zA-Z0-9{}-]*$' }), 'Each button\'s test id; {Field} of the row'),
  },
  { additionalProperties: false, description: 'A button per row of a method\'s answer (e.g. New <type> for each type allowed under the record\'s)' },
);

const LookupSchema = Type.Object(
  {
    as: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'The name the row is read by in the actions\' conditions (type.Actions)' }),
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    rowsPath: Type.Optional(describe(FieldName, 'The list in the answer; default the answer itself')),
    match: Type.Object(
      { field: describe(FieldName, 'A field of the rows'), record: describe(FieldName, 'The field of the record it equals') },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'The row of a method\'s answer that belongs to the record (e.g. its account type, with the actions the type offers), read by the actions\' conditions under `as`' },
);

export const HeadSchema = Type.Object(
  {
    trail: Type.Optional(
      Type.Object(
        {
          path: describe(FieldName, 'A list of the record, root first (its ancestors)'),
          labelField: FieldName,
          to: describe(Route, '{Field} of an entry'),
          label: describe(TextRefSchema, 'The trail\'s accessible name'),
          testId: Type.Optional(TestId),
        },
        { additionalProperties: false, description: 'Breadcrumbs: the entries as links, then the record\'s name; none when the list is empty' },
      ),
    ),
    name: Type.Object(
      { paths: Type.Array(DottedPath, { minItems: 1, description: 'The first with a value is the name' }), testId: Type.Optional(TestId) },
      { additionalProperties: false, description: 'The record\'s name, a heading' },
    ),
    chips: Type.Optional(Type.Array(HeadChipSchema, { minItems: 1 })),
    links: Type.Optional(Type.Array(HeadLinkSchema, { minItems: 1 })),
    linksFrom: Type.Optional(Type.Array(LinksFromSchema, { minItems: 1 })),
    lookups: Type.Optional(Type.Array(LookupSchema, { minItems: 1 })),
    actions: Type.Optional(
      Type.Array(ActionButtonSchema, {
        minItems: 1,
        description: 'Buttons after the links (a record page\'s action buttons): a call with the context\'s values, or a route (a link); each shown while its conditions hold for the record and its lookups and the user holds its requirement',
      }),
    ),
    actionsTestId: Type.Optional(describe(TestId, 'The row of buttons')),
  },
  { additionalProperties: false, description: 'The record (the definition\'s `record`) above the rows' },
);

export const PanesSchema = Type.Object(
  {
    testId: Type.Optional(describe(TestId, 'Default {id}-panes')),
    side: SideSchema,
    head: Type.Optional(HeadSchema),
    main: MainSchema,
  },
  { additionalProperties: false, description: 'A tree beside the record\'s head and another definition\'s rows; the definition\'s own dataSource and columns are not drawn (name the record\'s call)' },
);
