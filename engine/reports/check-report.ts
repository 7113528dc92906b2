/**
 * Validation of a report definition: its shape against the schema, then what a
 * schema cannot say — the data source exists, every column and chart field is one
 * of its fields, each text has English, access names known capabilities, the id
 * is the definition's name. Problems carry a JSONPath ($.columns[1].field), as
 * the screen-definition checks do; the server runs it on files and studio drafts.
 */
import { Value } from '@sinclair/typebox/value';
import { REPORT_ACCESS_TYPES, ReportDefinitionSchema, type ReportDefinition } from './report-definition';

export type { ReportDefinition } from './report-definition';

export interface ReportProblem {
  path: string;
  reason: string;
}

/** Data source name → the fields its rows carry. */
export type ReportSources = Readonly<Record<string, readonly string[]>>;

const toJsonPath = (pointer: string) =>
  '$' +
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`))
    .join('');

export function checkReport(content: unknown, name: string, sources: ReportSources): ReportProblem[] {
  if (!Value.Check(ReportDefinitionSchema, content)) {
    const seen = new Set<string>();
    return [...Value.Errors(ReportDefinitionSchema, content)]
      .map((error) => ({ path: toJsonPath(error.path), reason: error.message }))
      .filter((problem) => !seen.has(problem.path) && seen.add(problem.path))
      .slice(0, 10);
  }
  const report: ReportDefinition = content;
  const problems: ReportProblem[] = [];
  const add = (path: string, reason: string) => problems.push({ path, reason });
  if (report.id !== name) add('$.id', `must equal the definition's name "${name}"`);
  const texts: [string, Record<string, string>][] = [
    ['$.title', report.title],
    ['$.description', report.description],
    ...report.columns.map((column, index): [string, Record<string, string>] => [`$.columns[${index}].label`, column.label]),
  ];
  for (const [path, value] of texts) if (!value.en) add(path, 'every text needs English (en)');
  const fields = sources[report.dataSource];
  if (!fields) {
    add('$.dataSource', `unknown data source "${report.dataSource}" (known: ${Object.keys(sources).join(', ')})`);
  } else {
    const seen = new Set<string>();
    report.columns.forEach((column, index) => {
      if (!fields.includes(column.field)) add(`$.columns[${index}].field`, `"${column.field}" is not a field of ${report.dataSource} (it has: ${fields.join(', ')})`);
      if (seen.has(column.field)) add(`$.columns[${index}].field`, `column "${column.field}" appears twice`);
      seen.add(column.field);
    });
    for (const key of ['x', 'y', 'series'] as const) {
      const field = report.chart?.[key];
      if (field !== undefined && !fields.includes(field)) add(`$.chart.${key}`, `"${field}" is not a field of ${report.dataSource} (it has: ${fields.join(', ')})`);
    }
  }
  if (report.columns.every((column) => column.hidden)) add('$.columns', 'at least one column must be shown');
  (report.access ?? []).forEach((entry, index) => {
    if (!REPORT_ACCESS_TYPES.includes(entry.objectType)) add(`$.access[${index}].objectType`, `unknown capability ${entry.objectType}`);
  });
  return problems;
}
