/**
 * The report-definition format (a definition kind of the studio, beside layouts
 * and screen definitions): a data source by name, the parameters it accepts with
 * their defaults, the columns it shows, an optional chart, who may run it, and
 * its texts per language (English required, the others fall back to it). One
 * TypeBox schema gives the type and the JSON Schema the studio's editor lints with;
 * check-report.ts adds what a schema cannot say (the data source's fields).
 */
import { Type, type Static } from '@sinclair/typebox';
import { CapabilityObjectTypes } from '../../contract/capabilities';

const Texts = Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), Type.String({ minLength: 1, maxLength: 200 }), {
  description: 'Texts per two-letter language code; en is required and the fallback',
});

export const REPORT_COLUMN_TYPES = ['text', 'number', 'money', 'month', 'date', 'status'] as const;

export const ReportColumnSchema = Type.Object(
  {
    field: Type.String({ maxLength: 64, description: 'A field of the data source' }),
    type: Type.Union(
      REPORT_COLUMN_TYPES.map((type) => Type.Literal(type)),
      { description: 'money takes the row\'s Currency; month is yyyy-mm, date yyyy-mm-dd; status is translated (reports.status.<Value>)' },
    ),
    label: Texts,
    hidden: Type.Optional(Type.Boolean({ description: 'Left out of the table and the export (still available to the chart)' })),
  },
  { additionalProperties: false },
);

export const ReportChartSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('bar'), Type.Literal('line')], { description: 'bar: stacked by series; line: one line per series' }),
    x: Type.String({ description: 'Field along the x axis' }),
    y: Type.String({ description: 'Numeric field drawn' }),
    series: Type.Optional(Type.String({ description: 'Field whose values are drawn apart (the 7 largest; the rest as "other")' })),
  },
  { additionalProperties: false },
);

export const ReportDefinitionSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 64, description: 'Equals the file name; /reports/{id} shows it' }),
    title: Texts,
    description: Texts,
    dataSource: Type.String({ maxLength: 64, description: 'A data source of the server (server/services/reports/data-sources.ts)' }),
    parameters: Type.Object(
      {
        months: Type.Optional(Type.Integer({ minimum: 1, maximum: 24, description: 'Accepts a number of months; this is the default' })),
        days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, description: 'Accepts a number of days; this is the default' })),
        currency: Type.Optional(Type.Boolean({ description: 'Accepts a currency (default: the organisation currency)' })),
      },
      { additionalProperties: false },
    ),
    access: Type.Optional(
      Type.Array(
        Type.Object({ objectType: Type.String(), flag: Type.Union([Type.Literal('Read'), Type.Literal('Execute')]) }, { additionalProperties: false }),
        { description: 'Capabilities a user needs, besides REPORTING Read, to see and run the report' },
      ),
    ),
    columns: Type.Array(ReportColumnSchema, { minItems: 1 }),
    chart: Type.Optional(ReportChartSchema),
  },
  { additionalProperties: false, $id: 'https://cloud-marketplace.example/schemas/report-definition.schema.json', title: 'Report definition' },
);

export type ReportDefinition = Static<typeof ReportDefinitionSchema>;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];
export type ReportChart = Static<typeof ReportChartSchema>;

/** The JSON Schema of report definitions (plain JSON, no TypeBox symbols), for the studio's editor. */
export function reportDefinitionJsonSchema(): Record<string, unknown> {
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...(JSON.parse(JSON.stringify(ReportDefinitionSchema)) as Record<string, unknown>) };
}

/** The capability object types a report's access may name. */
export const REPORT_ACCESS_TYPES: readonly string[] = CapabilityObjectTypes;
