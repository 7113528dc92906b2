/** The runner of a screen definition: rows the user picks one of, runs with a few numbers and reads as a chart and a table. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';

const TestId = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });

/** A whole number the run accepts, offered when the chosen row names a default for it. */
export const RunnerInputSchema = Type.Object(
  {
    param: Type.String({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$', description: 'Body parameter of the run (dotted path, e.g. parameters.months)' }),
    label: TextRefSchema,
    help: Type.Optional(describe(TextRefSchema, 'Under the input')),
    defaultPath: Type.String({ minLength: 1, description: 'Dotted path in the chosen row of the default (e.g. Parameters.months): the input is offered only when the row has one; it is the placeholder, and an empty input sends nothing (the run takes it)' }),
    min: Type.Integer({ description: 'A smaller number typed is sent as this' }),
    max: Type.Integer({ description: 'A larger number typed is sent as this' }),
  },
  { additionalProperties: false },
);

/**
 * The rows of the data source as a list beside the chosen one (the context value `choice.context`, a route
 * parameter): a row opens its route `choice.to`; the chosen row runs at once with the inputs it accepts and
 * again on each change or on the run button; the answer is a report run (Columns, Rows, Chart: engine/reports)
 * drawn as its chart and a grid, with its Excel and CSV export. `shortcuts` are rows of another method shown
 * as chips above the list (reloaded after each run, e.g. the ones run most).
 */
export const RunnerSchema = Type.Object(
  {
    testId: describe(TestId, 'Test id prefix: {testId}-list, {testId}-{row id}, {testId}-view, {testId}-run, {testId}-{input param}, and the result\'s {testId}-chart, -legend, -table, -export-xlsx, -export-csv, -empty'),
    choice: Type.Object(
      {
        context: Type.String({ minLength: 1, description: 'The context value naming the chosen row (a route parameter, e.g. reportId)' }),
        idField: describe(FieldName, 'The row field that value is (a column)'),
        titleField: describe(FieldName, 'The row\'s name in the list and the heading of the chosen one (a column)'),
        descriptionField: Type.Optional(describe(FieldName, 'A line under the name (a column)')),
        to: Type.String({ pattern: '^/', description: 'The route a row opens, {Field} of the row (e.g. /reports/{Id})' }),
        label: describe(TextRefSchema, 'The list\'s accessible name'),
        choose: describe(TextRefSchema, 'Shown while no row is chosen'),
        empty: describe(TextRefSchema, 'Shown when there are no rows'),
      },
      { additionalProperties: false },
    ),
    shortcuts: Type.Optional(
      Type.Object(
        {
          ...ServiceRef,
          params: Type.Optional(ParamBindings),
          label: describe(TextRefSchema, 'Above the chips'),
          testId: describe(TestId, 'The chips\' test id'),
        },
        { additionalProperties: false, description: 'Rows of a method (with the choice\'s idField and titleField) as chips that open their route' },
      ),
    ),
    inputs: Type.Optional(Type.Array(RunnerInputSchema, { description: 'Whole numbers the run accepts' })),
    run: Type.Object(
      {
        ...ServiceRef,
        params: Type.Optional(describe(ParamBindings, 'Bind the choice\'s context value to name the row')),
        label: describe(TextRefSchema, 'The run button'),
      },
      { additionalProperties: false, description: 'The call that runs the chosen row; it answers a report run (Id, Title, Columns, Rows, Chart)' },
    ),
    result: Type.Object(
      {
        empty: describe(TextRefSchema, 'Shown when the run has no rows'),
        other: describe(TextRefSchema, 'The chart\'s series beyond the largest ones'),
        statusPrefix: Type.String({ minLength: 1, description: 'A status value\'s text key is this prefix and the value without spaces (its value when there is none)' }),
        exportXlsx: describe(TextRefSchema, 'The Excel export button'),
        exportCsv: describe(TextRefSchema, 'The CSV export button'),
      },
      { additionalProperties: false, description: 'How the answer is drawn' },
    ),
  },
  { additionalProperties: false },
);
