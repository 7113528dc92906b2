/**
 * A report as the engine's grid draws it: the screen definition <DefinedGrid>
 * renders for a report's table (client paging over RunReport's rows), built
 * from the report's columns as the server answers them (texts already in the
 * caller's language). Months are shown as the user reads them, so the rows
 * the grid gets carry them formatted (reportGridRows) and a month column sorts
 * by its order, not its text: it is not sortable.
 */
import type { ColumnDefinition, ScreenDefinition } from '../grids/definition-schema';
import type { ReportColumnType } from './report-definition';

export interface ReportColumnView {
  Field: string;
  Type: ReportColumnType;
  Label: string;
}

export interface ReportView {
  Id: string;
  Title: string;
  Columns: readonly ReportColumnView[];
}

export type ReportRowValues = Record<string, string | number | null>;

/** Report rows have no key of their own: the grid's rows carry their position. */
export const REPORT_ROW_ID = 'RowNumber';

/** Where the grid's rows come from: the screen's caller answers this method with the report already run. */
export const REPORT_ROWS_SOURCE = { service: 'Reporting', method: 'RunReport' } as const;

function gridColumn(column: ReportColumnView): ColumnDefinition {
  const base = { field: column.Field, label: { en: column.Label }, sortable: column.Type !== 'month' };
  switch (column.Type) {
    case 'number':
      return { ...base, type: 'number' };
    case 'money':
      return { ...base, type: 'money', currencyField: 'Currency' };
    case 'date':
      return { ...base, type: 'date' };
    case 'status':
      return { ...base, type: 'status', status: { colors: {}, labelPrefix: 'reports.status.' } };
    default:
      return { ...base, type: 'text' };
  }
}

export function reportGridDefinition(report: ReportView): ScreenDefinition {
  return {
    id: `report-${report.Id}`,
    title: { en: report.Title },
    access: { anyOf: [{ objectType: 'REPORTING', flag: 'Read' }] },
    dataSource: {
      ...REPORT_ROWS_SOURCE,
      params: { reportId: { value: report.Id } },
      paging: { mode: 'client', rowsPath: 'Rows' },
      rowId: REPORT_ROW_ID,
    },
    columns: report.Columns.map(gridColumn),
  };
}

/** The rows the grid shows: numbered, month values (yyyy-mm) as the user reads them, the rest as they are. */
export function reportGridRows(report: ReportView, rows: readonly ReportRowValues[], formatMonth: (value: string) => string): ReportRowValues[] {
  const months = report.Columns.filter((column) => column.Type === 'month').map((column) => column.Field);
  return rows.map((row, index) => {
    const copy: ReportRowValues = { ...row, [REPORT_ROW_ID]: index + 1 };
    for (const field of months) if (typeof copy[field] === 'string') copy[field] = formatMonth(copy[field]);
    return copy;
  });
}
