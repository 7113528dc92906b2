/**
 * The frame of a screen around its rows (part of definition-schema.ts): the page's way back, its heading
 * with values of a record loaded by a method, a hint, links to other screens, what it says to whom the
 * definition's access refuses; a reorder dialog; the jobs a save or a run starts, followed to their end.
 */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';
import { TreeFindSchema } from './structures';

const Route = Type.String({ pattern: '^/', description: 'A route of the app; {name} is a value of the context' });
const ContextName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'Name of a context value' });

/** Parts of `page` (spread into PageSchema). */
export const PageFrameParts = {
  back: Type.Optional(
    Type.Object({ to: Route, label: describe(TextRefSchema, 'The button\'s text (the screen it goes back to)') }, { additionalProperties: false, description: 'A way back above the heading (beside it on a wide window)' }),
  ),
  heading: Type.Optional(
    Type.Object(
      {
        text: describe(TextRefSchema, 'The heading; may use {{placeholder}} for each of values'),
        values: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), ContextName, { description: 'Placeholder → the context value it shows (e.g. one the record gives)' })),
        whenMissing: Type.Optional(describe(TextRefSchema, 'The heading while a context value it names is missing (e.g. the screen over every record)')),
        testId: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'The heading\'s test id instead of {id}-title' })),
      },
      { additionalProperties: false, description: 'The heading instead of the title' },
    ),
  ),
  hint: Type.Optional(describe(TextRefSchema, 'A line under the heading')),
  hintValues: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), ContextName, { description: 'Placeholder of the hint → the context value it shows (e.g. the branding\'s title the host gives)' })),
  links: Type.Optional(
    Type.Array(
      Type.Object(
        {
          id: Type.String({ pattern: '^[a-z][A-Za-z0-9-]*$', description: 'Test id {definition id}-{id}' }),
          label: TextRefSchema,
          icon: Type.Optional(Type.String({ description: 'MUI icon name (renderers/grids/action-icons.tsx)' })),
          to: Route,
          requires: Type.Optional(describe(AccessSchema, 'Who sees the link')),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, description: 'Buttons beside the heading opening other screens' },
    ),
  ),
  find: Type.Optional(describe(TreeFindSchema, 'A search beside the heading whose chosen row opens its route `to` (jump to any account)')),
  withoutAccess: Type.Optional(describe(TextRefSchema, 'Said under the heading to whom the definition\'s access refuses, instead of leaving for the start page (the route lets them in)')),
};

/** A record the screen is about, loaded by a method: its fields join the context (the heading, a confirmation name them). */
export const RecordSourceSchema = Type.Object(
  {
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    context: Type.Record(ContextName, FieldName, { description: 'Context value → field of the answer' }),
    notFound: Type.Optional(describe(TextRefSchema, 'Shown when the call is refused (the record is not within reach)')),
  },
  { additionalProperties: false, description: 'Loaded when the context holds every value its params need' },
);

/** A dialog ordering the rows by a number field, each moved up or down (or dragged), saved with a method. */
export const ReorderSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Test ids {definition id}-{id}-open, -list, -{row id}, -save' }),
    label: describe(TextRefSchema, 'The button opening the dialog'),
    icon: Type.Optional(Type.String()),
    title: TextRefSchema,
    help: Type.Optional(Type.Array(TextRefSchema, { minItems: 1, maxItems: 3, description: 'Said above the list, one after the other' })),
    requires: Type.Optional(describe(AccessSchema, 'Who sees the button (the server checks again)')),
    orderField: describe(FieldName, 'The number the rows are ordered by (lowest first; ties by row id)'),
    labelField: describe(FieldName, 'The row\'s name in the list'),
    detailField: Type.Optional(describe(FieldName, 'A second line')),
    save: Type.Object(
      {
        ...ServiceRef,
        listParam: Type.String({ minLength: 1, description: 'Body parameter receiving the list' }),
        idKey: Type.String({ minLength: 1, description: 'Key of an entry receiving the row id' }),
        orderKey: Type.String({ minLength: 1, description: 'Key of an entry receiving the place: step, 2 × step, …' }),
        step: Type.Integer({ minimum: 1, maximum: 1000, description: 'The numbers given (10: room to insert by hand)' }),
      },
      { additionalProperties: false },
    ),
    saveLabel: TextRefSchema,
    done: describe(TextRefSchema, 'Said after the save; the rows reload'),
  },
  { additionalProperties: false, description: 'The order of the rows (client paging: the data source answers them all)' },
);

/** Jobs a save (editing) or a run (listEditor) answers, followed live and by a slow poll to their end, with a progress bar. */
export const FollowJobsSchema = Type.Object(
  {
    ...ServiceRef,
    idField: describe(FieldName, 'Field of a job holding its id'),
    idParam: Type.String({ minLength: 1, description: 'Body parameter of the poll receiving the id' }),
    statusField: FieldName,
    running: Type.Array(Type.String(), { minItems: 1, description: 'Statuses of a job not ended' }),
    failed: Type.Array(Type.String(), { minItems: 1, description: 'Statuses of a failed job' }),
    processedField: FieldName,
    totalField: FieldName,
    progress: describe(TextRefSchema, 'Above the bar; may use {{processed}} and {{total}}'),
    done: Type.Optional(describe(TextRefSchema, 'Said when every job ended; may use {{count}}, the items processed')),
    failedText: describe(TextRefSchema, 'Said when a job failed'),
  },
  { additionalProperties: false },
);

/** A row opens a route of the app (its own screen) instead of the detail panel. */
export const RowOpensSchema = Type.String({ pattern: '^/', description: 'The route a row opens (click or Enter); {Field} is a field of the row' });
