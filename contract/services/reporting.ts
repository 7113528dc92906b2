import { Type } from '@sinclair/typebox';
import { method, needs, Opt } from '../define';
import { CurrencyCode, DateTime } from '../common';

export const ReportParametersSchema = Type.Object(
  {
    months: Opt(Type.Integer({ minimum: 1, maximum: 24, description: 'Months back from the current one' })),
    days: Opt(Type.Integer({ minimum: 1, maximum: 366, description: 'Days back from today' })),
    currency: Opt(CurrencyCode()),
  },
  { additionalProperties: false },
);

const ReportColumnSchema = Type.Object(
  {
    Field: Type.String(),
    Type: Type.Union(['text', 'number', 'money', 'month', 'date', 'status'].map((type) => Type.Literal(type))),
    Label: Type.String(),
  },
  { additionalProperties: false },
);

/** A report as the list shows it: its texts in the caller's language, what it accepts, shows and charts. */
const reportSummary = {
  Id: Type.String(),
  Title: Type.String(),
  Description: Type.String(),
  Parameters: Type.Object(
    { months: Type.Optional(Type.Integer()), days: Type.Optional(Type.Integer()), currency: Type.Optional(Type.Boolean({ description: 'Accepts a currency' })) },
    { additionalProperties: false, description: 'The parameters the report accepts, with their defaults' },
  ),
  Chart: Type.Union([
    Type.Object(
      { type: Type.Union([Type.Literal('bar'), Type.Literal('line')]), x: Type.String(), y: Type.String(), series: Type.Optional(Type.String()) },
      { additionalProperties: false },
    ),
    Type.Null(),
  ]),
  Columns: Type.Array(ReportColumnSchema),
};

export const ReportSummarySchema = Type.Object(reportSummary, { additionalProperties: false });

export const ReportRunSchema = Type.Object(
  {
    ...reportSummary,
    OrganisationAccountId: Type.Integer({ description: 'The company or reseller the report ran over' }),
    Effective: Type.Object(
      { Months: Type.Union([Type.Integer(), Type.Null()]), Days: Type.Union([Type.Integer(), Type.Null()]), Currency: Type.Union([Type.String(), Type.Null()]) },
      { additionalProperties: false, description: 'The parameters used (null where the report takes none)' },
    ),
    Rows: Type.Array(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])), { description: 'One object per row, keyed by column Field' }),
  },
  { additionalProperties: false },
);

export const Reporting = {
  ListReports: method({ summary: 'The reports the caller may run.', result: Type.Array(ReportSummarySchema), access: needs('REPORTING', 'Read') }),
  GetFrequentReports: method({
    summary: 'The reports the caller runs most often.',
    result: Type.Array(Type.Object({ ...reportSummary, Runs: Type.Integer({ minimum: 1 }), LastRunAt: DateTime() }, { additionalProperties: false })),
    access: needs('REPORTING', 'Read'),
  }),
  RunReport: method({
    summary: "Runs one report over the caller's organisation: its columns, rows and chart.",
    params: {
      reportId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$', examples: ['revenue-by-month'] }),
      parameters: Opt(ReportParametersSchema),
    },
    result: ReportRunSchema,
    access: needs('REPORTING', 'Read'),
    refusals: [404],
    extension: true,
  }),
};
