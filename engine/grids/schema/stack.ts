/**
 * A stack (part of definition-schema.ts): a page made of parts one under the other — other definitions drawn with
 * a context of their own, links, notices and panels the app draws — each shown only to whom its access and its
 * conditions let (the capabilities, whether the context names the signed-in user's own account, a row of a
 * method's answer). An optional picker at the top chooses the context value the parts follow.
 */
import { Type } from '@sinclair/typebox';
import { HOST_PANELS } from '../../../contract/host-panels';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { OptionsSourceSchema } from './pickers';

const ContextName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'Name of a context value' });
const DefinitionName = Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'Another screen definition (its file name without .json)' });
const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });
const PartId = Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$' });

const SourceSchema = Type.Object(
  {
    id: PartId,
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    rowsPath: Type.Optional(describe(FieldName, 'The list in the answer; default the answer itself')),
  },
  { additionalProperties: false, description: 'A call whose rows the parts\' conditions read (called once its parameters have their context values)' },
);

const RowConditionSchema = Type.Object(
  {
    source: describe(PartId, 'A source of the stack'),
    where: Type.Object({ field: FieldName, context: ContextName }, { additionalProperties: false, description: 'The row whose field equals this context value' }),
    field: FieldName,
    equals: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
  },
  { additionalProperties: false, description: 'Holds when the source\'s row picked by `where` has `field` equal to `equals` (no such row: does not hold)' },
);

const DefinitionPartSchema = Type.Object(
  {
    name: DefinitionName,
    context: Type.Record(ContextName, ContextName, { description: 'Its context value → this screen\'s context value' }),
    height: Type.Optional(Type.String({ pattern: '^[a-z0-9 ()+.,%-]+$', description: 'A grid\'s height (CSS)' })),
  },
  { additionalProperties: false, description: 'Another definition drawn without its title (shown only to whom its access lets)' },
);

const StackPartSchema = Type.Object(
  {
    id: PartId,
    title: Type.Optional(describe(TextRefSchema, 'A heading above the part')),
    testId: Type.Optional(describe(TestId, 'Default {id of the definition}-{id}')),
    requires: Type.Optional(describe(AccessSchema, 'Shown only to whom holds these capabilities')),
    own: Type.Optional(Type.Boolean({ description: 'true: only on the signed-in user\'s own account, false: only on another (the stack\'s `own.context`)' })),
    when: Type.Optional(Type.Array(RowConditionSchema, { minItems: 1, description: 'Every condition must hold' })),
    width: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('half')], { description: 'half: beside the next half part on a wide window (default full)' })),
    definition: Type.Optional(DefinitionPartSchema),
    link: Type.Optional(
      Type.Object(
        { label: TextRefSchema, to: Type.String({ pattern: '^/', description: 'A route; {name} of the context' }) },
        { additionalProperties: false, description: 'A link to another route' },
      ),
    ),
    notice: Type.Optional(
      Type.Object(
        {
          text: TextRefSchema,
          tone: Type.Optional(Type.Union([Type.Literal('info'), Type.Literal('warning')])),
          whenNothingElse: Type.Optional(Type.Boolean({ description: 'Shown only when no other part is (the page would be empty)' })),
        },
        { additionalProperties: false },
      ),
    ),
    hostPanel: Type.Optional(Type.Union(HOST_PANELS.map((name) => Type.Literal(name)), { description: 'A panel the app draws with the context (contract/host-panels.ts)' })),
  },
  { additionalProperties: false, description: 'One part: exactly one of definition, link, notice, hostPanel' },
);

export const StackSchema = Type.Object(
  {
    testId: Type.Optional(describe(TestId, 'Default {id}-stack')),
    picker: Type.Optional(
      Type.Object(
        {
          context: describe(ContextName, 'The context value the choice sets; it opens on the screen\'s own value'),
          label: TextRefSchema,
          help: Type.Optional(TextRefSchema),
          empty: describe(TextRefSchema, 'Said when the search finds nothing'),
          options: OptionsSourceSchema,
          namePath: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Dotted path in the record\'s answer naming the current choice before one is picked (Views.Values.DisplayName)' })),
          testId: TestId,
        },
        { additionalProperties: false, description: 'A search above the parts choosing the context value they follow' },
      ),
    ),
    own: Type.Optional(Type.Object({ context: ContextName }, { additionalProperties: false, description: 'The context value compared with the signed-in user\'s id (a part\'s `own`)' })),
    sources: Type.Optional(Type.Array(SourceSchema, { minItems: 1, maxItems: 3 })),
    parts: Type.Array(StackPartSchema, { minItems: 1 }),
  },
  { additionalProperties: false, description: 'Parts one under the other; the definition\'s own dataSource and columns are not drawn (name the record\'s call)' },
);
