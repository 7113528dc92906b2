/**
 * A report is a file (server/services/reports/definitions/<id>.json): a data
 * source (by name, from data-sources.ts), the parameters it accepts with their
 * defaults, the columns it shows, an optional chart, and its texts per
 * language (English required, other languages fall back to it). A new report
 * over an existing data source is a new file; report-definition.test.ts checks
 * every file against this schema and the data sources.
 */
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { CapabilityObjectTypes } from '../../../src/contract/capabilities';
import { readDefinitionFolder } from '../../files/definition-folder';

const Texts = Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), Type.String({ minLength: 1, maxLength: 200 }));

export const ReportDefinitionSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 64 }),
    title: Texts,
    description: Texts,
    dataSource: Type.String({ maxLength: 64 }),
    parameters: Type.Object(
      {
        months: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
        days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
        currency: Type.Optional(Type.Boolean({ description: 'Accepts a currency (default: the organisation currency)' })),
      },
      { additionalProperties: false },
    ),
    access: Type.Optional(Type.Array(Type.Object({ objectType: Type.String(), flag: Type.Union([Type.Literal('Read'), Type.Literal('Execute')]) }, { additionalProperties: false }))),
    columns: Type.Array(
      Type.Object(
        {
          field: Type.String({ maxLength: 64 }),
          type: Type.Union(['text', 'number', 'money', 'month', 'date', 'status'].map((type) => Type.Literal(type))),
          label: Texts,
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    chart: Type.Optional(
      Type.Object(
        {
          type: Type.Union([Type.Literal('bar'), Type.Literal('line')]),
          x: Type.String(),
          y: Type.String(),
          series: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export type ReportDefinition = Static<typeof ReportDefinitionSchema>;

export const REPORTS_DIR = join(import.meta.dirname, 'definitions');

/** Problems of one definition (empty when sound), given the data sources' names and columns. */
export function definitionProblems(definition: unknown, sources: Readonly<Record<string, readonly string[]>>): string[] {
  if (!Value.Check(ReportDefinitionSchema, definition)) {
    return [...Value.Errors(ReportDefinitionSchema, definition)].slice(0, 5).map((error) => `${error.path || '/'}: ${error.message}`);
  }
  const problems: string[] = [];
  const fields = sources[definition.dataSource];
  if (!fields) return [`unknown data source ${definition.dataSource}`];
  for (const texts of [definition.title, definition.description, ...definition.columns.map((column) => column.label)]) {
    if (!texts.en) problems.push('every text needs English');
  }
  for (const column of definition.columns) if (!fields.includes(column.field)) problems.push(`column ${column.field} is not a field of ${definition.dataSource}`);
  const chart = definition.chart;
  if (chart) for (const field of [chart.x, chart.y, chart.series].filter((entry): entry is string => !!entry)) if (!fields.includes(field)) problems.push(`chart field ${field} unknown`);
  for (const entry of definition.access ?? []) if (!(CapabilityObjectTypes as readonly string[]).includes(entry.objectType)) problems.push(`unknown capability ${entry.objectType}`);
  return problems;
}

/** Reads every definition file; a broken one throws with its file name (the server refuses to guess). */
export function readDefinitions(sources: Readonly<Record<string, readonly string[]>>, dir = REPORTS_DIR): ReportDefinition[] {
  return readDefinitionFolder<ReportDefinition>(dir, 'report definition', (definition) => definitionProblems(definition, sources));
}

/** A text in the caller's language (its two-letter base), else English. */
export const localText = (texts: Record<string, string>, locale: string) => texts[locale.slice(0, 2).toLowerCase()] ?? texts.en;
