import { Type } from '@sinclair/typebox';
import { method, needs, Opt } from '../define';
import { CurrencyCode } from '../common';

export const ReportParametersSchema = Type.Object(
  {
    months: Opt(Type.Integer({ minimum: 1, maximum: 24, description: 'Months back from the current one' })),
    days: Opt(Type.Integer({ minimum: 1, maximum: 366, description: 'Days back from today' })),
    currency: Opt(CurrencyCode()),
  },
  { additionalProperties: false },
);

export const Reporting = {
  ListReports: method({ summary: 'The reports the caller may run.', access: needs('REPORTING', 'Read') }),
  GetFrequentReports: method({ summary: 'The reports the caller runs most often.', access: needs('REPORTING', 'Read') }),
  RunReport: method({
    summary: "Runs one report over the caller's organisation: its columns, rows and chart.",
    params: {
      reportId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$', examples: ['revenue-by-month'] }),
      parameters: Opt(ReportParametersSchema),
    },
    access: needs('REPORTING', 'Read'),
    refusals: [404],
    extension: true,
  }),
};
